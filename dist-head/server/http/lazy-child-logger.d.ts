import type { FastifyBaseLogger } from 'fastify';
type Bindings = Record<string, unknown>;
export declare function lazyChildLogger(parent: FastifyBaseLogger, bindings: Bindings, opts: object): FastifyBaseLogger;
export {};
