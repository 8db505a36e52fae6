import type { FastifyInstance } from 'fastify';
import type { NodeConfig } from './config.js';
import type { Services } from './services/context.js';
import type { IssuedPair } from './store/merchants.js';
import type { SimulatorOptions } from './upstreams/simulator.js';
export interface RunningNode {
    url: string;
    app: FastifyInstance;
    services: Services;
    /** DEMO test credentials when this start created the data directory. */
    firstRun: IssuedPair | null;
    close(): Promise<void>;
}
export interface NodeHooks {
    now?: () => number;
    simulator?: SimulatorOptions;
    attentionAfterMs?: number;
    notFoundGraceMs?: number;
    /** Multiplies requery backoff and not-found grace; default VENDPOINT_REQUERY_SCALE or 1. */
    requeryScale?: number;
}
/** Opens the store and builds every part of a node, without HTTP (the CLI uses the store only). */
export declare function buildServices(config: NodeConfig, hooks?: NodeHooks): {
    services: Services;
    firstRun: IssuedPair | null;
};
/** Starts a node: store, HTTP on config.host:port, recovery of interrupted vends, schedules. */
export declare function startNode(config: NodeConfig, hooks?: NodeHooks): Promise<RunningNode>;
