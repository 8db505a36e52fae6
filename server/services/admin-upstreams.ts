import type { Services } from './context.js';
import {
  addUpstream,
  getUpstreamByName,
  listRoutes,
  listUpstreams,
  upstreamJson,
  type UpstreamRecord,
} from '../store/upstreams.js';
import { parseUpstreamOptions } from '../domain/upstream-options.js';
import { recordAudit } from '../store/audit.js';
import { BALANCE_NOT_REPORTED, recordBalance, upstreamHealth } from './upstream-health.js';
import { SimulatorUpstream, type SimulatorOptions } from '../upstreams/simulator.js';
import { createVendingApiUpstream } from '../upstreams/vending-api/index.js';
import { errorCode, transportProblem } from '../upstreams/vending-api/transport-words.js';
import type { Upstream } from '../upstreams/types.js';
import { NotFound } from '../domain/errors.js';
import { koboToApiNaira } from '../../common/money.js';

const HEALTH_TIMEOUT_MS = 5_000;

/** Upstreams with their routes (ids and priorities, for the editor) and health; never a secret. */
export function upstreamsOverview(s: Services) {
  const routes = listRoutes(s.db);
  const health = new Map(upstreamHealth(s).map((h) => [h.name, h]));
  return {
    upstreams: listUpstreams(s.db).map((u) => ({
      ...upstreamJson(u, routes),
      health: health.get(u.name) ?? null,
    })),
    routes: routes.map((r) => ({
      id: r.id,
      product: r.product,
      network: r.network,
      upstream: r.upstreamName,
      priority: r.priority,
    })),
  };
}

/** The same upstream the router would build, for one test call (also when it is disabled). */
function buildForTest(s: Services, r: UpstreamRecord): { upstream: Upstream; temporary: boolean } {
  const live = s.router.allLive().find((u) => u.name === r.name);
  if (live) return { upstream: live, temporary: false };
  if (r.type === 'simulator')
    return { upstream: new SimulatorUpstream(r.name, r.options as SimulatorOptions), temporary: true };
  const upstream = createVendingApiUpstream({
    name: r.name,
    baseUrl: r.baseUrl ?? '',
    merchantCode: r.merchantCode ?? '',
    key: r.keyId ?? '',
    secret: r.secretSealed ? s.box.open(r.secretSealed) : '',
    options: r.options,
  });
  return { upstream, temporary: true };
}

/** GET {base}/v1/healthz, the spec's unauthenticated uptime check; redirects are not followed. */
async function healthOf(baseUrl: string): Promise<{ ok: boolean; detail: string; ms: number }> {
  const started = Date.now();
  try {
    const url = new URL(`${baseUrl.replace(/\/+$/, '')}/v1/healthz`);
    const { request } = await import('undici'); // loaded on use: start-up does not pay for it
    const res = await request(url, {
      method: 'GET',
      headersTimeout: HEALTH_TIMEOUT_MS,
      bodyTimeout: HEALTH_TIMEOUT_MS,
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    await res.body.text();
    const ok = res.statusCode === 200;
    return {
      ok,
      detail: ok ? 'healthz answered 200' : `healthz answered HTTP ${res.statusCode}`,
      ms: Date.now() - started,
    };
  } catch (err) {
    // In words ("the provider refused the connection"), not undici's or the OS's code.
    const waits = { timeoutMs: HEALTH_TIMEOUT_MS, connectTimeoutMs: HEALTH_TIMEOUT_MS };
    return { ok: false, detail: transportProblem(errorCode(err), waits), ms: Date.now() - started };
  }
}

/**
 * A VendPoint node's test key (vpk_test_…) simulates every sale: routed for live, the merchants'
 * live wallets pay for sales that deliver nothing. Other providers' keys cannot be told apart.
 */
export function testKeyWarning(keyId: string | null): string | null {
  return keyId?.startsWith('vpk_test_')
    ? "This is a VendPoint node's TEST key: that node simulates every sale and delivers nothing, while live sales routed here are charged to merchants' live wallets. Use its live key for live sales."
    : null;
}

/** An upstream as saved, as the console and the CLI answer it: never its secret, and the test-key warning. */
export function savedUpstreamView(s: Pick<Services, 'db'>, u: UpstreamRecord) {
  return { ...upstreamJson(u, listRoutes(s.db)), warning: testKeyWarning(u.keyId) };
}

/** A new upstream as the console's Add upstream form and the CLI's `upstream add` give it. */
export interface NewUpstream {
  name: string;
  type: 'simulator' | 'vending-api';
  baseUrl?: string | null;
  merchantCode?: string | null;
  key?: string | null;
  secret?: string | null;
  options?: unknown;
  /** "product" or "product:NETWORK". */
  routes?: string[];
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

/**
 * Adds an upstream and its routes: the name, fields and routes trimmed, a blank field saved as
 * none, the options checked. A VendPoint node's test key is warned about when it is saved.
 */
export function createUpstream(s: Pick<Services, 'db' | 'box'>, input: NewUpstream, actor: string) {
  const u = addUpstream(
    s.db,
    s.box,
    {
      name: input.name.trim(),
      type: input.type,
      baseUrl: blankToNull(input.baseUrl),
      merchantCode: blankToNull(input.merchantCode),
      keyId: blankToNull(input.key),
      secret: input.secret ? input.secret : null,
      options: parseUpstreamOptions(input.options),
      products: (input.routes ?? []).map((r) => r.trim()).filter(Boolean),
    },
    actor,
  );
  return savedUpstreamView(s, u);
}

/**
 * "Test connection": the provider's health check and its wallet balance, which
 * also proves our key and secret. Messages never carry the secret (the client scrubs them).
 */
export async function testUpstreamConnection(s: Services, name: string, actor: string) {
  const record = getUpstreamByName(s.db, name);
  if (!record) throw new NotFound(`upstream ${name} not found`);
  const { upstream, temporary } = buildForTest(s, record);
  try {
    const health =
      record.type === 'simulator'
        ? { ok: true, detail: 'built-in simulator: always available', ms: 0 }
        : await healthOf(record.baseUrl ?? '');
    let balance: string | null = null;
    let balanceError: string | null = null;
    const read: { balance: number | null; error: string | null } = { balance: null, error: null };
    try {
      read.balance = await upstream.balance();
      if (read.balance === null) {
        read.error = BALANCE_NOT_REPORTED;
        balanceError =
          record.type === 'simulator'
            ? 'a simulator has no balance'
            : 'the balance could not be read: check the base URL, merchant code, key and secret';
      } else balance = koboToApiNaira(read.balance);
    } catch (err) {
      read.error = err instanceof Error ? err.message : String(err);
      balanceError = `${read.error}: check the base URL, merchant code, key and secret`;
    }
    // Kept as the 5-minute job keeps its reads: the upstream's card shows the balance this test
    // read (or still none when it could not), not "not read yet" beside it. A simulator has none.
    if (record.type === 'vending-api') recordBalance(s, name, record.options, read);
    const ok = health.ok && (balance !== null || record.type === 'simulator');
    recordAudit(s.db, actor, 'upstream.test', name, {
      ok,
      health: health.ok,
      balance_read: balance !== null,
    });
    return {
      name,
      type: record.type,
      ok,
      health,
      balance,
      balance_error: balanceError,
      warning: testKeyWarning(record.keyId),
      circuit: s.router.breaker.snapshot(name),
      checked_at: new Date(s.now()).toISOString(),
    };
  } finally {
    if (temporary) await upstream.close?.();
  }
}
