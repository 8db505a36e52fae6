import type { Db } from '../store/db.js';
import type { Environment } from '../store/credentials-crypto.js';
import type { SecretBox } from '../store/secret-box.js';
import { SimulatorUpstream, type SimulatorOptions } from './simulator.js';
import type { Upstream } from './types.js';
import { CircuitBreaker } from './circuit-breaker.js';
/** Route product names: transactions use their product, orders their kind. */
export declare function routeProductOf(kind: string, product: string): string;
/**
 * Picks the upstreams for a purchase: test traffic always goes to the built-in simulator;
 * live traffic follows the configured routes (network-specific first, then by priority),
 * skipping disabled upstreams and those whose circuit is open (requery still reaches them).
 * Rebuilt when the configuration changes (another process, e.g. the CLI, included).
 */
export declare class UpstreamRouter {
    private readonly db;
    private readonly box;
    readonly testSimulator: SimulatorUpstream;
    readonly breaker: CircuitBreaker;
    private cache;
    private retired;
    constructor(db: Db, box: SecretBox, simulatorOptions?: SimulatorOptions);
    /** Upstreams to try, in order, for one live purchase (empty: no route). */
    candidates(env: Environment, kind: string, product: string, network: string): Upstream[];
    /** Candidates whose circuit is closed (or half-open): where a new vend may go. */
    available(env: Environment, kind: string, product: string, network: string): Upstream[];
    /**
     * The upstream a purchase was sent to, for requery (and QR codes). A disabled upstream is
     * still found: disabling one stops new vends, it must not strand what it already accepted.
     */
    byName(env: Environment, name: string | null): Upstream | null;
    /** Enabled live upstreams. */
    allLive(): Upstream[];
    private state;
    private build;
    close(): Promise<void>;
}
/**
 * Local bill plan ids stay stable through catalog syncs, but an upstream may number the same
 * plan differently (the sync records it): vend and verify send the upstream's own id.
 */
export declare function withUpstreamPlanIds(inner: Upstream, planIdOf: (localId: string) => string | null): Upstream;
