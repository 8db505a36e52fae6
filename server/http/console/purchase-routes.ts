import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { SOLD_PRODUCTS } from '../../domain/networks.js';
import { toLocalMsisdn, wholePhoneNumber } from '../../../common/network-prefixes.js';
import { businessTimezone } from '../../store/settings.js';
import { DateTime } from 'luxon';
import type { Caller, Services } from '../../services/context.js';
import {
  getPurchaseByKey,
  getPurchaseByReference,
  purchaseOf,
  type Purchase,
} from '../../store/purchases.js';
import {
  exactSearchMatch,
  listPurchases,
  type ExactMatch,
  type PurchaseFilter,
} from '../../store/purchase-lists.js';
import { consoleUsernames } from '../../store/console-users.js';
import { getJob } from '../../store/vend-jobs.js';
import { recordAudit } from '../../store/audit.js';
import { esimQrcode } from '../../services/esim.js';
import { recheckCompletedSale } from '../../services/reversals.js';
import { Forbidden, InvalidInput, NotFound } from '../../domain/errors.js';
import { getMerchantByCode, getMerchantById } from '../../store/merchants.js';
import type { PurchaseState } from '../../domain/purchase-state.js';
import { consoleCaller, sessionOf } from './session.js';
import { cardsOf, saleView } from './views.js';
import { answer, ConsoleError, consoleErrors, RefParams, typed } from './contract.js';
import { PurchasePage, RevealedCards, Sale } from './console-schemas.js';
import { PageNumber, PageSize, WholeNumberText } from '../schema-blocks.js';
import { clientGone } from './client-gone.js';
import { deliversEsim } from '../../domain/esim-sale.js';
import { mayView } from '../../services/console-environments.js';

export const tags = ['sales'];
/** Longest a sale read may be held open for its outcome. */
export const MAX_SALE_WAIT_MS = 20_000;
/** An admin looks at another merchant's sales by naming it; an agent sees only its own. */
const MerchantChoice = {
  merchant_code: Type.Optional(
    Type.String({
      maxLength: 40,
      description:
        "admins only: the merchant whose sales to read (default the admin's own); an agent naming another merchant is refused",
    }),
  ),
};
const MerchantQuery = Type.Object(MerchantChoice);
const SaleWaitQuery = Type.Object({
  ...MerchantChoice,
  wait_ms: Type.Optional(
    WholeNumberText(MAX_SALE_WAIT_MS, {
      description:
        'hold the answer up to this long while the sale is pending; answered as soon as it is final',
    }),
  ),
});
/** History filters; the handler checks them, so its messages name the rule. */
export const HistoryFilters = {
  ...MerchantChoice,
  search: Type.Optional(
    Type.String({
      description:
        "a whole phone number (0803 123 4567, +234…) finds the sales to that number, sent in either form; other text is looked for in the phone, meter, references and item's name",
    }),
  ),
  search_as: Type.Optional(
    Type.Literal('text', {
      description:
        'look for a whole phone number as text in every field instead (a reference holding those digits)',
    }),
  ),
  product: Type.Optional(Type.String()),
  status: Type.Optional(Type.String()),
  from: Type.Optional(Type.String({ description: 'YYYY-MM-DD, a day in the business timezone' })),
  to: Type.Optional(Type.String({ description: 'YYYY-MM-DD, a day in the business timezone' })),
};
const PurchasePageQuery = {
  page: Type.Optional(PageNumber({ description: 'default 1' })),
  limit: Type.Optional(PageSize(100, { description: 'rows per page, default 25' })),
};
const HistoryQuery = Type.Object({ ...HistoryFilters, ...PurchasePageQuery });
export const binary = (type: string, description: string) => ({
  200: { description, content: { [type]: { schema: { type: 'string', format: 'binary' } } } },
  ...consoleErrors,
});
/** A text search waits its turn on the search thread: 503 with Retry-After when too many wait, or the node stops. */
export const searchBusy = { 503: ConsoleError };
const PRODUCTS: readonly string[] = SOLD_PRODUCTS;
const STATES: PurchaseState[] = ['pending', 'success', 'failed', 'reversed'];
const isState = (v: string): v is PurchaseState => (STATES as string[]).includes(v);

/** Views for a page of purchases, naming each selling agent with one query. */
export function saleViews(s: Services, merchantName: string, purchases: Purchase[]) {
  const names = consoleUsernames(
    s.db,
    purchases.map((p) => p.agentUserId).filter((id): id is number => id !== null),
  );
  return purchases.map((p) =>
    saleView(
      p,
      merchantName,
      p.agentUserId ? (names.get(p.agentUserId) ?? null) : null,
      p.state === 'pending' || p.state === 'failed' ? getJob(s.db, p.id) : null,
      s.config.syncTimeoutMs,
    ),
  );
}

function dayStartUtc(day: string, field: string, timezone: string, plusDays = 0): string {
  const d = DateTime.fromFormat(day, 'yyyy-LL-dd', { zone: timezone });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !d.isValid)
    throw new InvalidInput(`${field} must be a date like 2026-01-31`, field);
  return d.plus({ days: plusDays }).toUTC().toISO()!;
}

/**
 * Text searched in every field: a number typed in groups ("0803 123", "+234 803 123 4567") as
 * its digits, a whole mobile number in the 0… form; anything else as typed.
 */
function searchTerm(text: string): string {
  if (!/^\+?[\d\s-]+$/.test(text)) return text;
  const digits = text.replace(/\D/g, '');
  // Only a whole mobile number: a 13-digit meter number starting 234 is searched as typed.
  return /^234[789]\d{9}$/.test(digits) ? toLocalMsisdn(digits) : digits;
}

/** How History read the search text: the page says so, with a click to search as text instead. */
type SearchMatched = 'phone' | ExactMatch['matched'] | 'text';

/**
 * History filters from the query: search (phone, meter, reference, item name), product, status,
 * business days; and how the search text was read.
 */
export function filterOf(
  s: Services,
  caller: Caller,
  q: Partial<Record<string, string>>,
  timezone: string,
): { filter: PurchaseFilter; matched: SearchMatched | null } {
  const f: PurchaseFilter = { merchantId: caller.merchant.id, environment: caller.environment };
  const search = q.search?.trim().slice(0, 100);
  let matched: SearchMatched | null = null;
  // A customer's whole number is looked up as their number: both stored forms, by the msisdn
  // index (milliseconds at millions of sales, where text is looked for in every sale). So is a
  // whole reference, request id or customer id that some sale has.
  const term = search ? searchTerm(search) : '';
  const lookUpWhole = search && q.search_as !== 'text';
  const phone = lookUpWhole ? wholePhoneNumber(search) : null;
  const exact = lookUpWhole && !phone ? exactSearchMatch(s.db, f, search, term) : null;
  if (phone) {
    f.msisdn = phone;
    matched = 'phone';
  } else if (exact) {
    if (exact.matched === 'customer') f.customer = exact.customer;
    else f.id = exact.id;
    matched = exact.matched;
  } else if (search) {
    f.search = term;
    matched = 'text';
  }
  if (q.product) {
    if (!PRODUCTS.includes(q.product))
      throw new InvalidInput(`product must be one of ${PRODUCTS.join(', ')}`, 'product');
    if (q.product === 'giftcard' || q.product === 'esim') f.kind = q.product;
    else f.product = q.product;
  }
  if (q.status) {
    if (!isState(q.status))
      throw new InvalidInput('status must be pending, success, failed or reversed', 'status');
    f.state = q.status;
  }
  if (q.from) f.from = dayStartUtc(q.from, 'from', timezone);
  if (q.to) f.to = dayStartUtc(q.to, 'to', timezone, 1);
  return { filter: f, matched };
}

/**
 * A sale this console user may see, with the caller to answer it as: their merchant's, made in
 * an environment the user may sell in. A desk allowed only test never reads a live sale (its
 * token or gift-card codes) by reference; another merchant's sale, or one of a forbidden
 * environment, is answered exactly like a missing one. The one exception is the user's own sale
 * made for the merchant it sold for before an admin moved it (a sale in flight at the move, whose
 * receipt the desk comes back to after signing in again): it is answered under the merchant it
 * was made for, never the user's new one. History lists only the new merchant's books.
 */
function ownSale(s: Services, request: FastifyRequest, ref: string): { p: Purchase; caller: Caller } {
  const caller = callerOf(s, request);
  const user = sessionOf(request).user;
  const p = getPurchaseByReference(s.db, ref);
  if (p && mayView(user, p.environment)) {
    if (p.merchantId === caller.merchant.id) return { p, caller };
    const madeFor = p.agentUserId === user.id ? getMerchantById(s.db, p.merchantId) : null;
    if (madeFor) return { p, caller: { ...caller, merchant: madeFor } };
  }
  throw new NotFound('There is no sale with this reference');
}

/**
 * The console user's caller, or for an admin naming merchant_code that merchant's (a suspended
 * one too: its disputed sales still need finding). An agent naming another merchant is refused,
 * not answered with its own sales under the name it asked for.
 */
export function callerOf(s: Services, request: FastifyRequest): Caller {
  const session = sessionOf(request);
  const caller = consoleCaller(s, session);
  const code = (request.query as { merchant_code?: string } | undefined)?.merchant_code?.trim();
  if (!code || code === caller.merchant.code) return caller;
  if (session.user.role !== 'admin')
    throw new Forbidden("Only an admin may look at another merchant's sales");
  const merchant = getMerchantByCode(s.db, code);
  if (!merchant) throw new NotFound(`merchant ${code} not found`);
  return { ...caller, merchant };
}

/**
 * A text search's page and total, read on the search thread (services/search-thread.ts): a
 * LIKE over every sale of the merchant's environment takes seconds at a million sales, and the
 * main thread answers everyone else meanwhile. The same read as listPurchases, in one snapshot.
 */
async function searchedList(
  s: Services,
  reply: FastifyReply,
  filter: PurchaseFilter,
  page: number,
  limit: number,
): Promise<{ rows: Purchase[]; total: number }> {
  const read = await s.search.read({ type: 'list', filter, page, limit }, { signal: clientGone(reply) });
  return { rows: read.rows.map((r) => purchaseOf(r, s.db)), total: read.total };
}

export function registerPurchaseRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  const pageSchema = {
    tags,
    querystring: HistoryQuery,
    response: Object.assign(answer(PurchasePage), searchBusy),
  };
  app.get('/console/purchases', { schema: pageSchema }, async (request, reply) => {
    const caller = callerOf(s, request);
    const q = request.query;
    const page = Number(q.page ?? 1);
    const limit = Number(q.limit ?? 25);
    const { filter, matched } = filterOf(s, caller, q, businessTimezone(s.db));
    // Only text looked for in every field is slow enough for the search thread.
    const { rows, total } = filter.search
      ? await searchedList(s, reply, filter, page, limit)
      : listPurchases(s.db, filter, page, limit);
    return {
      rows: saleViews(s, caller.merchant.name, rows),
      total,
      page,
      limit,
      environment: caller.environment,
      ...(matched ? { search_matched: matched } : {}),
    };
  });

  const saleSchema = { tags, params: RefParams, response: answer(Sale) };
  app.get(
    '/console/purchases/:ref',
    { schema: { ...saleSchema, querystring: SaleWaitQuery } },
    async (request) => {
      const sale = ownSale(s, request, request.params.ref);
      const caller = sale.caller;
      let p = sale.p;
      const waitMs = Number(request.query.wait_ms ?? 0);
      // A page following a pending sale asks with wait_ms: the answer comes the moment the sale
      // is final instead of at the page's next look, and never later than wait_ms.
      if (p.state === 'pending' && waitMs > 0) {
        await s.worker.whenAnswered(p.id, waitMs, 'final');
        p = ownSale(s, request, request.params.ref).p;
      }
      return saleViews(s, caller.merchant.name, [p])[0];
    },
  );

  // The desk's way back to a sale whose answer it lost (the connection dropped after Pay): the
  // key it sent finds the sale if the node stored it, and a 404 means nothing was charged.
  const byKeySchema = {
    tags,
    params: Type.Object({ key: Type.String({ maxLength: 100 }) }),
    response: answer(Sale),
  };
  app.get('/console/purchases/by-key/:key', { schema: byKeySchema }, async (request) => {
    // The desk's own key: never another merchant's. Looked for in the session's mode, then in the
    // other one the user may sell in: the session is shared by the user's tabs, and another may
    // have switched TEST/LIVE between Pay and this look. "Nothing was charged" for a sale that
    // was would have the agent sell it again under a new key.
    const caller = consoleCaller(s, sessionOf(request));
    const user = sessionOf(request).user;
    const modes = [caller.environment, caller.environment === 'live' ? 'test' : 'live'] as const;
    for (const env of modes) {
      if (!mayView(user, env)) continue;
      const p = getPurchaseByKey(s.db, caller.merchant.id, env, request.params.key);
      if (p) return saleViews(s, caller.merchant.name, [p])[0];
    }
    throw new NotFound('No sale was stored under this key: nothing was charged');
  });

  const chosenSaleSchema = { ...saleSchema, querystring: MerchantQuery };
  app.post('/console/purchases/:ref/requery', { schema: chosenSaleSchema }, async (request) => {
    const { p, caller } = ownSale(s, request, request.params.ref);
    // An admin's re-check of a completed sale asks the provider again: a sale it now reports
    // failed is reversed (source 'upstream'), and what it said is shown either way.
    if (p.state === 'success' && sessionOf(request).user.role === 'admin') {
      const r = await recheckCompletedSale(s, p, `user:${sessionOf(request).user.username}`);
      return { ...saleViews(s, caller.merchant.name, [r.purchase])[0], provider_said: r.upstreamSaid };
    }
    const after = p.state === 'pending' ? ((await s.worker.requery(p.id)) ?? p) : p;
    return saleViews(s, caller.merchant.name, [after])[0];
  });

  // Gift-card codes leave the node only on purpose, and who revealed them is recorded.
  const revealSchema = {
    tags,
    params: RefParams,
    querystring: MerchantQuery,
    response: answer(RevealedCards),
  };
  app.post('/console/purchases/:ref/reveal', { schema: revealSchema }, async (request) => {
    const { p, caller } = ownSale(s, request, request.params.ref);
    const cards = p.state === 'success' ? cardsOf(p) : [];
    if (!cards.length) throw new NotFound('This sale has no card codes to show');
    recordAudit(s.db, caller.actor, 'giftcard.reveal', p.internalReference, { cards: cards.length });
    return { cards };
  });

  const qrSchema = {
    tags,
    params: RefParams,
    querystring: MerchantQuery,
    response: binary('image/png', 'eSIM install QR'),
  };
  app.get('/console/purchases/:ref/qrcode', { schema: qrSchema }, async (request, reply) => {
    const { p, caller } = ownSale(s, request, request.params.ref);
    if (!deliversEsim(p)) throw new NotFound('This sale is not an eSIM');
    // The eSIM service draws it (the provider's QR, or one made from the stored LPA). It is the
    // activation code: never kept by the browser, whose cache answers the next user at the desk
    // without asking the node whether they may see it, and outlives the sign-out on disk.
    const png = await esimQrcode(s, { ...caller, environment: p.environment }, p.idemKey);
    return reply.type('image/png').header('cache-control', 'private, no-store').send(png);
  });
}
