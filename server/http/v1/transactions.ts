import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services/context.js';
import { callerOf } from '../access.js';
import {
  checkLiveBillEnabled,
  checkMerchantCode,
  createTransaction,
  type CreateOptions,
} from '../../services/transactions.js';
import { verifyFromRequest } from '../../services/bill-verify.js';
import { getPurchaseByKey, type Purchase } from '../../store/purchases.js';
import { assertLookupKeyShape } from '../../services/place-purchase.js';
import { listPurchases } from '../../store/purchase-lists.js';
import { InvalidInput, KeyOfAnotherKind, NotFound } from '../../domain/errors.js';
import { ChangeWatch } from '../../store/change-counter.js';
import type { Db } from '../../store/db.js';
import { stateFromStatusFilter } from '../../domain/purchase-state.js';
import { parseUtcInstant } from '../../domain/business-days.js';
import { transactionEnvelope, transactionData } from '../../domain/purchase-answers.js';
import {
  ListEnvelope,
  ListQuery,
  StatusParams,
  StatusQuery,
  TransactionCreateBody,
  TransactionEnvelope,
  VerifyBody,
  VerifyEnvelope,
  errorResponses,
  type ApiPrefix,
} from '../schemas.js';
import { specRoutes } from './spec-routes.js';

/** POST create handler shared by /v1, /ext/service/v1 and the internal API. */
export function createHandler(s: Services, opts: CreateOptions) {
  return async (
    request: Pick<FastifyRequest, 'caller' | 'validationError'> & { body: Record<string, unknown> },
  ) => {
    const caller = callerOf(request);
    const { purchase, waited } = await createTransaction(s, caller, request.body, opts, {
      schemaError: request.validationError,
    });
    return transactionEnvelope(purchase, waited ? 'sync-create' : 'async-create', caller.merchant.name);
  };
}

/** Bytes of list answers kept per API prefix. */
export const LIST_CACHE_BYTES = 2 * 1024 * 1024;

/**
 * List answers as sent, until any purchase is stored or changed (the `purchases` change area)
 * or another process commits: integrators poll the first page the way they poll a status.
 * Bounded by the bytes held.
 */
class ListAnswerCache {
  private readonly answers = new Map<string, string>();
  private bytes = 0;
  private watch: ChangeWatch | null = null;

  constructor(private readonly maxBytes: number) {}

  get(db: Db, key: string): string | undefined {
    if (!this.watch) this.watch = new ChangeWatch(db, 'purchases');
    if (this.watch.changed()) {
      this.answers.clear();
      this.bytes = 0;
      return undefined;
    }
    return this.answers.get(key);
  }

  /** Keys count toward the bytes too: many small answers under long keys must not escape the bound. */
  set(key: string, json: string): void {
    const size = key.length + json.length;
    if (size > this.maxBytes) return;
    while (this.bytes + size > this.maxBytes) {
      const [oldest, answer] = this.answers.entries().next().value!;
      this.answers.delete(oldest);
      this.bytes -= oldest.length + answer.length;
    }
    this.answers.set(key, json);
    this.bytes += size;
  }
}

/** A purchase's status answer, serialized, kept with the purchase object it was made from. */
const statusAnswers = new WeakMap<Purchase, { merchantName: string; json: string }>();

/**
 * The status answer: integrators poll it, so it is the hottest read. The store's key cache hands
 * back the same Purchase object until the purchase changes (then a new one), so the answer's JSON
 * is made once per state of the purchase (and merchant name) instead of on every poll.
 */
function sendStatus(
  s: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  /** The name the caller gave the key under, for the not-found message. */
  named = 'client_request_id',
): FastifyReply {
  const caller = callerOf(request);
  assertLookupKeyShape(key, named);
  const p = getPurchaseByKey(s.db, caller.merchant.id, caller.environment, key);
  const notFound = `No transaction with ${named} "${key}"`;
  if (!p) throw new NotFound(notFound);
  if (p.kind !== 'transaction') throw new KeyOfAnotherKind(notFound, key, p.kind);
  let answer = statusAnswers.get(p);
  if (!answer || answer.merchantName !== caller.merchant.name) {
    // The route's own response serializer: the same bytes as returning the object.
    const json = String(reply.serialize(transactionEnvelope(p, 'status', caller.merchant.name)));
    answer = { merchantName: caller.merchant.name, json };
    statusAnswers.set(p, answer);
  }
  return reply.type('application/json; charset=utf-8').send(answer.json);
}

export function registerTransactionRoutes(server: FastifyInstance, s: Services, prefix: ApiPrefix): void {
  const listAnswers = new ListAnswerCache(LIST_CACHE_BYTES);
  const surface = prefix === '/v1' ? 'v1' : 'ext';
  const routes = specRoutes(server, prefix, 'transactions');
  const createRoutes: [path: string, summary: string, opts: Omit<CreateOptions, 'surface'>][] = [
    ['', 'Create a transaction: airtime/data async (02), bills final', { mode: 'auto' }],
    ['/airtime/sync', 'Airtime, answered with the final outcome', { mode: 'sync', forcedProduct: 'airtime' }],
    ['/data/sync', 'Data, answered with the final outcome', { mode: 'sync', forcedProduct: 'data' }],
    ['/airtime/async', 'Airtime, answered pending (02) at once', { mode: 'async', forcedProduct: 'airtime' }],
    ['/data/async', 'Data, answered pending (02) at once', { mode: 'async', forcedProduct: 'data' }],
  ];
  for (const [path, summary, opts] of createRoutes)
    routes.post(
      `/transactions${path}`,
      { summary, body: TransactionCreateBody, response: { 200: TransactionEnvelope, ...errorResponses } },
      createHandler(s, { surface, ...opts }),
      // A used client_request_id answers 422 before the body's schema errors (placePurchase).
      { attachValidation: true },
    );

  routes.get(
    '/transactions/status',
    {
      summary: 'Status by client_request_id (aliases request_id, request_ref)',
      querystring: StatusQuery,
      response: { 200: TransactionEnvelope, ...errorResponses },
    },
    (request, reply) => {
      const q = request.query;
      const key = q.client_request_id || q.request_id || q.request_ref;
      if (!key)
        throw new InvalidInput(
          'one of client_request_id, request_id or request_ref is required',
          'client_request_id',
        );
      // The spec's three names carry the same value; two different keys are not guessed between.
      if ((q.request_id && q.request_id !== key) || (q.request_ref && q.request_ref !== key))
        throw new InvalidInput(
          'client_request_id, request_id and request_ref name the same key: send one, or the same value in each',
          'client_request_id',
        );
      const named = q.client_request_id ? 'client_request_id' : q.request_id ? 'request_id' : 'request_ref';
      return sendStatus(s, request, reply, key, named);
    },
  );

  routes.get(
    '/transactions',
    {
      summary: 'List transactions, newest first',
      querystring: ListQuery,
      response: { 200: ListEnvelope, ...errorResponses },
    },
    (request, reply) => {
      const caller = callerOf(request);
      const q = request.query;
      const page = Number(q.page ?? 1);
      const limit = Math.min(Number(q.limit ?? 10), 100);
      const state =
        q.status === undefined ? undefined : (stateFromStatusFilter(Number(q.status)) ?? undefined);
      const filter = {
        merchantId: caller.merchant.id,
        environment: caller.environment,
        kind: 'transaction' as const,
        msisdn: q.msisdn || undefined,
        network: q.network || undefined,
        // Spelled out, not spread (see eslint.config.js); an undefined field is no filter and
        // is left out of the cache key's JSON, as before.
        state: state === 'failed' ? undefined : state,
        failedOrReversed: state === 'failed' ? true : undefined,
        from: q.from ? parseUtcInstant(q.from, 'from') : undefined,
        to: q.to ? parseUtcInstant(q.to, 'to') : undefined,
      };
      const key = JSON.stringify([filter, page, limit, caller.merchant.name]);
      let json = listAnswers.get(s.db, key);
      if (json === undefined) {
        const { rows, total } = listPurchases(s.db, filter, page, limit);
        // The route's own response serializer: the same bytes as returning the object.
        json = String(
          reply.serialize({
            status: 'success',
            data: rows.map((p) => transactionData(p, 'list', caller.merchant.name)),
            pagination: { total, page, size: limit, total_pages: Math.ceil(total / limit) },
          }),
        );
        listAnswers.set(key, json);
      }
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  specRoutes(server, prefix, 'bills').post(
    '/transactions/verify',
    {
      summary: 'Verify a meter, smartcard or betting customer (no charge)',
      body: VerifyBody,
      response: { 200: VerifyEnvelope, ...errorResponses },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      checkMerchantCode(caller, body.merchant_code);
      checkLiveBillEnabled(caller, String(body.product));
      const data = await verifyFromRequest(s, caller, body);
      return { status: 'success', code: 200, message: 'Customer verified', data };
    },
  );

  if (surface === 'ext') {
    specRoutes(server, prefix, 'legacy').get(
      '/transactions/status/:client_request_id',
      {
        params: StatusParams,
        response: { 200: TransactionEnvelope, ...errorResponses },
      },
      (request, reply) => sendStatus(s, request, reply, request.params.client_request_id),
    );
  }
}
