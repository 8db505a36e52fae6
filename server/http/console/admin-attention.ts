import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { answer, ConsoleError, consoleErrors, RefParams, typed } from './contract.js';
import { AttentionItem, AttentionLists } from './admin-schemas.js';
import type { Services } from '../../services/context.js';
import type { Purchase } from '../../store/purchases.js';
import { listNeedsAttention } from '../../store/purchase-lists.js';
import { listUnflaggedPending } from '../../store/admin-queries.js';
import { listMerchants } from '../../store/merchants.js';
import { getJob } from '../../store/vend-jobs.js';
import { flagPurchase, pendingPurchase, requeryPurchase, resolvePurchase } from '../../services/attention.js';
import { purchaseJson } from '../../services/purchase-json.js';
import { adminActor } from './admin-guard.js';
import { lastFlagOf } from '../../store/audit.js';
import { OneLineText } from '../schema-blocks.js';
import { OPERATOR_REASON_MAX } from '../../../common/operator-reason.js';

const tags = ['admin: attention'];
const itemAnswer = { 200: AttentionItem, ...consoleErrors, 409: ConsoleError };
const ReasonBody = Type.Object(
  { reason: OneLineText({ maxLength: OPERATOR_REASON_MAX }) },
  { additionalProperties: false },
);
const ResolveBody = Type.Object(
  {
    outcome: Type.Union([Type.Literal('success'), Type.Literal('failed')]),
    reason: OneLineText({ maxLength: OPERATOR_REASON_MAX }),
  },
  { additionalProperties: false },
);

/** A pending purchase as the admin sees it: whose, sent where, how many requeries, last answer. */
function attentionJson(s: Services, p: Purchase, merchants: Map<number, { code: string; name: string }>) {
  const job = getJob(s.db, p.id);
  const m = merchants.get(p.merchantId);
  return {
    ...purchaseJson(p),
    merchant_code: m?.code ?? '',
    merchant_name: m?.name ?? '',
    polls: job?.pollCount ?? 0,
    last_answer: job?.lastError ?? null,
    next_poll_at: job?.nextPollAt ? new Date(job.nextPollAt).toISOString() : null,
    sent_at: job?.vendStartedAt ? new Date(job.vendStartedAt).toISOString() : null,
    flag: p.needsAttention ? lastFlagOf(s.db, p.internalReference) : null,
  };
}

const merchantMap = (s: Services) =>
  new Map(listMerchants(s.db).map((m) => [m.id, { code: m.code, name: m.name }]));

/**
 * Needs attention: purchases still pending past the node's deadline (the worker
 * flags them), and the other pending ones, oldest first. An admin requeries the upstream, or
 * settles a purchase by hand (success, or failed with its refund), audited with who and why.
 */
export function registerAdminAttentionRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  const listSchema = { tags, response: answer(AttentionLists) };
  app.get('/console/admin/attention', { schema: listSchema }, async () => {
    const merchants = merchantMap(s);
    return {
      flagged: listNeedsAttention(s.db).map((p) => attentionJson(s, p, merchants)),
      pending: listUnflaggedPending(s.db, 100).map((p) => attentionJson(s, p, merchants)),
    };
  });

  const requerySchema = { tags, params: RefParams, response: itemAnswer };
  app.post('/console/admin/attention/:ref/requery', { schema: requerySchema }, async (request) => {
    const after = await requeryPurchase(s, request.params.ref, adminActor(request));
    return attentionJson(s, after, merchantMap(s));
  });

  // Flags a pending purchase before its deadline: a customer came back, the provider called.
  app.post(
    '/console/admin/attention/:ref/flag',
    { schema: { tags, params: RefParams, body: ReasonBody, response: itemAnswer } },
    async (request) => {
      const p = pendingPurchase(s.db, request.params.ref);
      const flagged = await flagPurchase(s, p, adminActor(request), request.body.reason);
      return attentionJson(s, flagged, merchantMap(s));
    },
  );

  app.post(
    '/console/admin/attention/:ref/resolve',
    { schema: { tags, params: RefParams, body: ResolveBody, response: itemAnswer } },
    async (request) => {
      const p = resolvePurchase(s, {
        reference: request.params.ref,
        outcome: request.body.outcome,
        reason: request.body.reason,
        actor: adminActor(request),
      });
      return attentionJson(s, p, merchantMap(s));
    },
  );
}
