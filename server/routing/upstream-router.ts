import type { Db } from '../store/db.js';
import type { Environment } from '../store/credentials-crypto.js';
import { listRoutes, listUpstreams, type RouteRecord, type UpstreamRecord } from '../store/upstreams.js';
import type { SecretBox } from '../store/secret-box.js';
import { ChangeWatch } from '../store/change-counter.js';
import { upstreamPlanId } from '../store/catalog-sync-store.js';
import { SimulatorUpstream, type SimulatorOptions } from '../upstreams/simulator.js';
import type { Upstream, VendRequest, VerifyRequest } from '../upstreams/types.js';
import { CircuitBreaker } from '../upstreams/circuit-breaker.js';
import { createVendingApiUpstream } from '../upstreams/vending-api/index.js';
import { isBillProduct } from '../domain/networks.js';
import { deliversEsim } from '../domain/esim-sale.js';

/** Sockets per external upstream beyond the vends in flight: requeries, catalog and balance calls. */
const SPARE_CONNECTIONS = 16;

/** Route product names: transactions use their product, orders their kind. */
export function routeProductOf(kind: string, product: string): string {
  if (kind === 'giftcard') return 'giftcard';
  if (deliversEsim({ kind, product })) return 'esim';
  return product;
}

const unusableText = (name: string, problem: string) => `upstream ${name} cannot be used: ${problem}`;

/** Whether two stored records of one upstream build the same connection (what build() reads). */
function sameConnection(a: UpstreamRecord, b: UpstreamRecord): boolean {
  return (
    a.type === b.type &&
    a.baseUrl === b.baseUrl &&
    a.merchantCode === b.merchantCode &&
    a.keyId === b.keyId &&
    a.secretSealed === b.secretSealed &&
    JSON.stringify(a.options) === JSON.stringify(b.options)
  );
}

/**
 * Routing policy, above the adapters: it reads the upstream configuration from the store and
 * hands each adapter only what it needs (URL, key, opened secret, its own plan ids), so the
 * adapters in server/upstreams never touch the store. Picks the upstreams for a purchase:
 * test traffic always goes to the built-in simulator; live traffic follows the configured
 * routes (network-specific first, then by priority), skipping disabled upstreams and those
 * whose circuit is open (requery still reaches them). Rebuilt by the store's invalidation rule
 * (area `upstreams`): a change by this process or a commit by another (the CLI).
 */
export class UpstreamRouter {
  readonly testSimulator: SimulatorUpstream;
  readonly breaker = new CircuitBreaker();
  private cache: {
    upstreams: Map<string, Upstream>;
    records: UpstreamRecord[];
    routes: RouteRecord[];
    enabled: Set<string>;
    /** Why an upstream configured here could not be built (its secret unreadable, say). */
    problems: Map<string, string>;
  } | null = null;
  private retired: Upstream[] = [];
  private log: { warn: (o: object, m: string) => void } | null = null;
  private readonly watch: ChangeWatch;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    simulatorOptions: SimulatorOptions = {},
    /** Vends sent to one upstream at once (the worker's in-flight limit): its pool is sized to it. */
    private readonly maxInFlight?: number,
  ) {
    this.testSimulator = new SimulatorUpstream('simulator', simulatorOptions);
    this.watch = new ChangeWatch(db, 'upstreams');
  }

  /** Where a configuration problem is said (once per change); the node's logger once it has one. */
  setLogger(log: { warn: (o: object, m: string) => void }): void {
    this.log = log;
    // Problems found before the logger existed (at start-up) are said now.
    for (const [name, problem] of this.cache?.problems ?? [])
      log.warn({ upstream: name }, unusableText(name, problem));
  }

  /** Why an upstream cannot be used at all, if so: its routes are unavailable until it is fixed. */
  problemOf(name: string): string | undefined {
    return this.state().problems.get(name);
  }

  /** The same as a sentence naming the upstream, for logs, requeries and reconciliation runs. */
  unusableReason(name: string): string | undefined {
    const problem = this.problemOf(name);
    return problem === undefined ? undefined : unusableText(name, problem);
  }

  /** Upstreams to try, in order, for one live purchase (empty: no route). */
  candidates(env: Environment, kind: string, product: string, network: string): Upstream[] {
    if (env === 'test') return [this.testSimulator];
    const routeProduct = routeProductOf(kind, product);
    const net = network.toLowerCase();
    const state = this.state();
    const routes = state.routes
      .filter((r) => r.product === routeProduct && (r.network === '' || r.network.toLowerCase() === net))
      .sort((a, b) => Number(b.network !== '') - Number(a.network !== '') || a.priority - b.priority);
    const out: Upstream[] = [];
    for (const r of routes) {
      const u = state.upstreams.get(r.upstreamName);
      if (u && state.enabled.has(u.name) && !out.includes(u)) out.push(u);
    }
    return out;
  }

  /**
   * When a live purchase has routes but every upstream on them is paused after failures: how
   * long until the first one takes a trial again. Null when it has no route at all, or one is open.
   */
  pausedFor(env: Environment, kind: string, product: string, network: string): number | null {
    if (env === 'test') return null;
    const routed = this.candidates(env, kind, product, network);
    if (routed.length === 0 || routed.some((u) => this.breaker.allows(u.name))) return null;
    return Math.min(...routed.map((u) => this.breaker.reopensInMs(u.name)));
  }

  /** Candidates whose circuit is closed (or half-open): where a new vend may go. */
  available(env: Environment, kind: string, product: string, network: string): Upstream[] {
    return this.candidates(env, kind, product, network).filter(
      (u) => env === 'test' || this.breaker.allows(u.name),
    );
  }

  /**
   * The upstream a purchase was sent to, for requery (and QR codes). A disabled upstream is
   * still found: disabling one stops new vends, it must not strand what it already accepted.
   */
  byName(env: Environment, name: string | null): Upstream | null {
    if (!name) return null;
    if (env === 'test') return name === this.testSimulator.name ? this.testSimulator : null;
    return this.state().upstreams.get(name) ?? null;
  }

  /** Whether any enabled live upstream is routed for a route product, on any network. */
  hasLiveRoute(routeProduct: string): boolean {
    const state = this.state();
    return listRoutes(this.db).some(
      (r) =>
        r.product === routeProduct &&
        state.enabled.has(r.upstreamName) &&
        state.upstreams.has(r.upstreamName),
    );
  }

  /**
   * The networks live sales of a route product can go to when only network routes are set up
   * for it (as routed: `AIRTEL`, `ibedc`); null when an enabled product-wide route takes any.
   */
  liveNetworks(routeProduct: string): string[] | null {
    const state = this.state();
    const routed = listRoutes(this.db).filter(
      (r) =>
        r.product === routeProduct &&
        state.enabled.has(r.upstreamName) &&
        state.upstreams.has(r.upstreamName),
    );
    if (routed.some((r) => r.network === '')) return null;
    return routed.map((r) => r.network);
  }

  /** Enabled live upstreams. */
  allLive(): Upstream[] {
    const state = this.state();
    return [...state.upstreams.values()].filter((u) => state.enabled.has(u.name));
  }

  private state() {
    const changed = this.watch.changed();
    if (this.cache && !changed) return this.cache;
    const records = listUpstreams(this.db);
    const upstreams = new Map<string, Upstream>();
    const kept = new Set<Upstream>();
    const problems = new Map<string, string>();
    const before = new Map((this.cache?.records ?? []).map((r) => [r.name, r]));
    for (const r of records) {
      // Any commit by another process (a CLI wallet top-up) brings us here: an upstream whose
      // own record did not change keeps its instance, its pool and its in-flight sends.
      const old = this.cache?.upstreams.get(r.name);
      const was = before.get(r.name);
      if (old && was && sameConnection(was, r)) {
        upstreams.set(r.name, old);
        kept.add(old);
        continue;
      }
      try {
        upstreams.set(r.name, this.build(r));
      } catch (err) {
        // Skipped, its routes unavailable; the reason is kept for the console, the worker and
        // reconciliation, and logged once per change rather than on every rebuild.
        const problem = err instanceof Error ? err.message : String(err);
        problems.set(r.name, problem);
        if (this.cache?.problems.get(r.name) !== problem)
          this.log?.warn({ upstream: r.name }, unusableText(r.name, problem));
      }
    }
    // A vend may have picked an old instance a moment ago and not sent yet: closing its pool
    // now would turn that vend into a refused one. Old instances are closed a minute later,
    // and the worker takes the current instance once its turn to send comes.
    const retired = [...(this.cache?.upstreams.values() ?? [])].filter((u) => !kept.has(u));
    if (retired.length) {
      this.retired.push(...retired);
      setTimeout(() => {
        for (const old of retired) if (this.retired.includes(old)) void old.close?.().catch(() => {});
        this.retired = this.retired.filter((u) => !retired.includes(u));
      }, 60_000).unref();
    }
    this.cache = {
      upstreams,
      records,
      routes: listRoutes(this.db),
      enabled: new Set(records.filter((r) => r.enabled).map((r) => r.name)),
      problems,
    };
    return this.cache;
  }

  private build(r: UpstreamRecord): Upstream {
    if (r.type === 'simulator') return new SimulatorUpstream(r.name, r.options as SimulatorOptions);
    if (!r.baseUrl || !r.merchantCode || !r.keyId)
      throw new Error('its base URL, merchant code or key is missing: enter them on the Upstreams page');
    const upstream = createVendingApiUpstream({
      name: r.name,
      baseUrl: r.baseUrl,
      merchantCode: r.merchantCode,
      key: r.keyId,
      secret: r.secretSealed ? this.openSecret(r.secretSealed) : '',
      options: r.options,
      // Every vend allowed in flight gets a socket, so none waits in undici's queue behind the
      // limit; a few more keep requeries and catalog calls from queueing behind vends.
      connections: this.maxInFlight && this.maxInFlight + SPARE_CONNECTIONS,
    });
    return withUpstreamPlanIds(upstream, (localId) => upstreamPlanId(this.db, r.name, localId));
  }

  private openSecret(sealed: string): string {
    try {
      return this.box.open(sealed);
    } catch {
      throw new Error(
        "its stored secret cannot be opened with this node's secret.key (was the key replaced?): enter the secret again",
      );
    }
  }

  async close(): Promise<void> {
    const all = [...(this.cache?.upstreams.values() ?? []), ...this.retired];
    this.retired = [];
    // One already closed (or failing to) must not keep the rest open.
    for (const u of all) await u.close?.().catch(() => {});
  }
}

/**
 * Local bill plan ids stay stable through catalog syncs, but an upstream may number the same
 * plan differently (the sync records it): vend and verify send the upstream's own id.
 */
export function withUpstreamPlanIds(inner: Upstream, planIdOf: (localId: string) => string | null): Upstream {
  const vendReq = (req: VendRequest): VendRequest => {
    if (req.kind !== 'transaction' || !isBillProduct(req.product) || !req.planId) return req;
    // Object.assign, not `{ ...req, planId }` (a hidden class per object on Node 20; see
    // services/transactions.ts).
    return Object.assign({}, req, { planId: planIdOf(req.planId) ?? req.planId });
  };
  const verifyReq = (req: VerifyRequest): VerifyRequest =>
    Object.assign({}, req, { planId: planIdOf(req.planId) ?? req.planId });
  // Every key of Upstream, optional ones included, must be named here: a field added to the
  // interface and forgotten in this wrapper (as notFoundGraceMs once was) fails to compile.
  const wrapped: { [K in keyof Required<Upstream>]: Upstream[K] } = {
    name: inner.name,
    type: inner.type,
    inProcess: inner.inProcess,
    notFoundGraceMs: inner.notFoundGraceMs,
    account: inner.account,
    vend: (req) => inner.vend(vendReq(req)),
    requery: (req) => inner.requery(vendReq(req)),
    verify: (req) => inner.verify(verifyReq(req)),
    catalogs: () => inner.catalogs(),
    catalogPlans: inner.catalogPlans && ((fx) => inner.catalogPlans!(fx)),
    qrcode: (req, lpa) => inner.qrcode(req, lpa),
    listTransactions: inner.listTransactions && ((q) => inner.listTransactions!(q)),
    balance: () => inner.balance(),
    close: () => inner.close?.() ?? Promise.resolve(),
  };
  return wrapped;
}
