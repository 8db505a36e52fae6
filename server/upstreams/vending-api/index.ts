import type { FxConfig } from '../../domain/fx-pricing.js';
import { mapCatalog } from './catalog-mapper.js';
import { lpaQrPng } from '../lpa-qr.js';
import { UpstreamUnavailable } from '../../domain/errors.js';
import type { VendOutcome } from '../../domain/vend-outcome.js';
import type {
  CatalogSnapshot,
  ListedTransaction,
  TransactionListQuery,
  MappedCatalog,
  Upstream,
  VendRequest,
  VerifyRequest,
  VerifyResult,
} from '../types.js';
import { accountFingerprint } from '../types.js';
import { CATALOG_BODY_CAP, VendingApiTransport, type HttpResult } from './client.js';
import { isPng } from '../lpa-qr.js';
import {
  balanceOf,
  errorMessageOf,
  listedTransactionsOf,
  requeryOutcomeOf,
  rowsOf,
  vendOutcomeOf,
  verifyResultOf,
} from './mapper.js';
import {
  BALANCE_PATH,
  CATALOG_PATHS,
  listCallOf,
  qrcodePathOf,
  requeryCallOf,
  verifyCallOf,
  vendCallOf,
  type ApiCall,
} from './requests.js';

export interface VendingApiConfig {
  name: string;
  baseUrl: string;
  merchantCode: string;
  key: string;
  secret: string;
  options: Record<string, unknown>;
  /** Most sockets open to it at once (undici pool size). */
  connections?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** Options arrive from the database or the CLI: numbers or numeric strings, else the default. */
function positiveOption(v: unknown, fallback: number): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : fallback;
}

/**
 * An upstream that is itself a Vending Service Interface provider: another VendPoint node, or
 * a real provider a host resells. Each vend() makes exactly one create call and never retries
 * it; anything ambiguous comes back `unknown` for the poller to requery.
 */
export class VendingApiUpstream implements Upstream {
  readonly type = 'vending-api' as const;
  readonly name: string;
  readonly notFoundGraceMs?: number;
  readonly account: string;
  private readonly http: VendingApiTransport;

  constructor(private readonly config: VendingApiConfig) {
    this.name = config.name;
    this.account = accountFingerprint(config.baseUrl, config.merchantCode);
    const graceMinutes = positiveOption(config.options.notFoundGraceMinutes, 0);
    if (graceMinutes > 0) this.notFoundGraceMs = graceMinutes * 60_000;
    this.http = new VendingApiTransport({
      baseUrl: config.baseUrl,
      key: config.key,
      secret: config.secret,
      timeoutMs: positiveOption(config.options.timeoutMs, DEFAULT_TIMEOUT_MS),
      connectTimeoutMs: positiveOption(config.options.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS),
      connections: config.connections,
    });
  }

  async vend(req: VendRequest): Promise<VendOutcome> {
    const call = vendCallOf(req, this.config.merchantCode);
    if ('invalid' in call)
      return { kind: 'not_accepted', reason: `Not sent to ${this.name}: ${call.invalid}` };
    return this.scrubbed(vendOutcomeOf(await this.call(call), req));
  }

  async requery(req: VendRequest): Promise<VendOutcome> {
    return this.scrubbed(requeryOutcomeOf(await this.call(requeryCallOf(req)), req));
  }

  async verify(req: VerifyRequest): Promise<VerifyResult> {
    try {
      return verifyResultOf(await this.call(verifyCallOf(req, this.config.merchantCode)));
    } catch (err) {
      if (err instanceof Error) err.message = this.scrub(err.message);
      throw err;
    }
  }

  /**
   * A section is present only when every list in it was read, so a catalog sync never mistakes
   * one failed network for an emptied one. Throws only when nothing at all could be read.
   */
  async catalogPlans(fx: FxConfig): Promise<MappedCatalog> {
    return mapCatalog(await this.catalogs(), fx);
  }

  async catalogs(): Promise<CatalogSnapshot> {
    const list = (path: string) => this.send('GET', path, undefined, CATALOG_BODY_CAP).then(rowsOf);
    const [dataLists, billLists, giftcards, esimPlans] = await Promise.all([
      Promise.all(
        CATALOG_PATHS.dataPlans.map(
          async ({ network, path }) => (await list(path))?.map((r) => ({ network, ...r })) ?? null,
        ),
      ),
      Promise.all(CATALOG_PATHS.billPlans.map(({ path }) => list(path))),
      list(CATALOG_PATHS.giftcards),
      list(CATALOG_PATHS.esimPlans),
    ]);
    const snapshot: CatalogSnapshot = {};
    if (dataLists.every((l) => l !== null)) snapshot.dataPlans = dataLists.flat();
    if (billLists.every((l) => l !== null)) snapshot.billPlans = billLists.flat();
    if (giftcards) snapshot.giftcards = giftcards;
    if (esimPlans) snapshot.esimPlans = esimPlans;
    if (Object.keys(snapshot).length === 0)
      throw new UpstreamUnavailable(`Catalogs could not be read from ${this.name}`);
    return snapshot;
  }

  /** The provider's QR when it has one; otherwise the same LPA string rendered here. */
  async qrcode(req: VendRequest, lpa: string): Promise<Buffer> {
    const res = await this.http.send('GET', qrcodePathOf(req));
    if (res.ok && res.status === 200 && isPng(res.body)) return res.body;
    if (!lpa) throw new UpstreamUnavailable('The eSIM QR code is not available yet');
    return lpaQrPng(lpa);
  }

  async listTransactions(
    q: TransactionListQuery,
  ): Promise<{ rows: ListedTransaction[]; totalPages: number }> {
    const res = await this.call(listCallOf(q));
    const page = listedTransactionsOf(res);
    if (!page)
      throw new UpstreamUnavailable(
        this.scrub(
          `${this.name} did not answer its transaction list (${res.ok ? `HTTP ${res.status}` : res.problem})`,
        ),
      );
    return page;
  }

  async balance(): Promise<number | null> {
    const res = await this.send('GET', BALANCE_PATH);
    if (res.ok && res.status === 200) return balanceOf(res);
    // Say why (a key refused, an IP not allowed, no answer), not only that there is no figure.
    const said = res.ok ? errorMessageOf(res) : null;
    const why = res.ok ? `HTTP ${res.status}${said ? `: ${said}` : ''}` : res.problem;
    throw new UpstreamUnavailable(this.scrub(`${this.name} did not answer its balance (${why})`));
  }

  async close(): Promise<void> {
    await this.http.close();
  }

  private call(call: ApiCall): Promise<HttpResult> {
    return this.send(call.method, call.path, call.body);
  }

  /**
   * Every answer body is cleared of our secret as it arrives, before any message is cut to
   * length: cut first, a provider echoing the secret across the cut would leave its first part
   * in a reason, the log and the database.
   */
  private async send(...args: Parameters<VendingApiTransport['send']>): Promise<HttpResult> {
    const res = await this.http.send(...args);
    const secret = this.config.secret;
    if (!res.ok || secret.length < 4 || !res.body.includes(secret)) return res;
    return Object.assign({}, res, { body: Buffer.from(this.scrub(res.body.toString('utf8'))) });
  }

  /** Provider messages are copied into reasons; a provider echoing our secret must not leak it. */
  private scrub(text: string): string {
    const secret = this.config.secret;
    return secret.length >= 4 ? text.split(secret).join('[redacted]') : text;
  }

  private scrubbed(outcome: VendOutcome): VendOutcome {
    return 'reason' in outcome && typeof outcome.reason === 'string'
      ? Object.assign({}, outcome, { reason: this.scrub(outcome.reason) })
      : outcome;
  }
}

export function createVendingApiUpstream(config: VendingApiConfig): Upstream {
  return new VendingApiUpstream(config);
}
