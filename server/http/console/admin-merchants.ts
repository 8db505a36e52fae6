import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { answer, CodeParams, consoleErrors, typed } from './contract.js';
import { IssuedMerchant, IssuedPair, MerchantDetail, MerchantSummary } from './admin-schemas.js';
import type { Services } from '../../services/context.js';
import {
  listCredentials,
  listMerchants,
  merchantJson,
  requireMerchant,
  revokeCredentials,
  type Merchant,
} from '../../store/merchants.js';
import {
  createMerchantProfile,
  rotateMerchantCredentials,
  updateMerchantProfile,
} from '../../services/admin-merchants.js';
import { walletBalancesByMerchant } from '../../store/admin-queries.js';
import { listPricing } from '../../store/pricing.js';
import { CONSOLE_NEW_MERCHANT_WORDS, CONSOLE_PATCH_WORDS } from '../../domain/merchant-rules.js';
import { koboToApiNaira } from '../../../common/money.js';
import type { Environment } from '../../store/credentials-crypto.js';
import { adminActor } from './admin-guard.js';
import { OneLineText } from '../schema-blocks.js';
import { MERCHANT_LIMITS } from '../../../common/input-limits.js';

const tags = ['admin: merchants'];
const EnvParam = Type.Object({
  code: Type.String(),
  env: Type.Union([Type.Literal('test'), Type.Literal('live')]),
});

const MerchantPatch = Type.Object(
  {
    name: Type.Optional(OneLineText({ minLength: 1, maxLength: MERCHANT_LIMITS.name })),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('suspended')])),
    allow_ips: Type.Optional(
      Type.Array(OneLineText({ maxLength: MERCHANT_LIMITS.allowIp }), { maxItems: MERCHANT_LIMITS.allowIps }),
    ),
    live_bills: Type.Optional(
      Type.Array(OneLineText({ maxLength: MERCHANT_LIMITS.liveBill }), {
        maxItems: MERCHANT_LIMITS.liveBills,
      }),
    ),
    report_emails: Type.Optional(
      Type.Array(OneLineText({ maxLength: MERCHANT_LIMITS.reportEmail }), {
        maxItems: MERCHANT_LIMITS.reportEmails,
      }),
    ),
    report_test: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

type CredentialRow = {
  environment: Environment;
  key: string;
  status: 'active' | 'revoked';
  created_at: string;
  revoked_at: string | null;
};

function merchantDetail(s: Services, m: Merchant) {
  const balances = walletBalancesByMerchant(s.db).get(m.id) ?? { test: 0, live: 0 };
  return {
    ...merchantJson(m),
    wallets: { test: koboToApiNaira(balances.test), live: koboToApiNaira(balances.live) },
    credentials: listCredentials(s.db, m.id) as CredentialRow[],
    pricing: [...listPricing(s.db, m.id)],
  };
}

/**
 * Merchants: create, edit, suspend; credential pairs issued, rotated and revoked.
 * A secret leaves the node once, in the answer that created it; it is stored as a hash only.
 */
export function registerAdminMerchantRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  const listSchema = { tags, response: answer(Type.Object({ merchants: Type.Array(MerchantSummary) })) };
  app.get('/console/admin/merchants', { schema: listSchema }, async () => {
    const balances = walletBalancesByMerchant(s.db);
    return {
      merchants: listMerchants(s.db).map((m) => {
        const b = balances.get(m.id) ?? { test: 0, live: 0 };
        const creds = listCredentials(s.db, m.id) as CredentialRow[];
        return {
          ...merchantJson(m),
          wallets: { test: koboToApiNaira(b.test), live: koboToApiNaira(b.live) },
          active_credentials: creds.filter((c) => c.status === 'active').map((c) => c.environment),
        };
      }),
    };
  });

  app.post(
    '/console/admin/merchants',
    {
      schema: {
        tags,
        body: Type.Object(
          {
            code: OneLineText({ maxLength: MERCHANT_LIMITS.code }),
            name: OneLineText({ maxLength: MERCHANT_LIMITS.name }),
          },
          { additionalProperties: false },
        ),
        response: { 201: IssuedMerchant, ...consoleErrors },
      },
    },
    async (request, reply) => {
      const r = createMerchantProfile(s, request.body, CONSOLE_NEW_MERCHANT_WORDS, adminActor(request));
      // The two secrets are in this answer only: the page shows them once, to copy.
      return reply.status(201).send({ merchant: merchantDetail(s, r.merchant), test: r.test, live: r.live });
    },
  );

  const detailSchema = { tags, params: CodeParams, response: answer(MerchantDetail) };
  app.get('/console/admin/merchants/:code', { schema: detailSchema }, async (request) => {
    return merchantDetail(s, requireMerchant(s.db, request.params.code));
  });

  app.patch(
    '/console/admin/merchants/:code',
    { schema: { tags, params: CodeParams, body: MerchantPatch, response: answer(MerchantDetail) } },
    async (request) => {
      const b = request.body;
      const m = updateMerchantProfile(
        s,
        request.params.code,
        {
          name: b.name,
          status: b.status,
          allowIps: b.allow_ips,
          liveBills: b.live_bills,
          reportEmails: b.report_emails,
          reportTest: b.report_test,
        },
        CONSOLE_PATCH_WORDS,
        adminActor(request),
      );
      return merchantDetail(s, m);
    },
  );

  // Issues a new pair and revokes the active one in the same transaction ("issue" when none is active).
  app.post(
    '/console/admin/merchants/:code/credentials/:env/rotate',
    { schema: { tags, params: EnvParam, response: answer(IssuedPair) } },
    async (request) => {
      const { code, env } = request.params;
      const pair = rotateMerchantCredentials(s, code, env, adminActor(request));
      return { environment: env, key: pair.key, secret: pair.secret };
    },
  );

  app.post(
    '/console/admin/merchants/:code/credentials/:env/revoke',
    { schema: { tags, params: EnvParam, response: answer(MerchantDetail) } },
    async (request) => {
      const { code, env } = request.params;
      const m = requireMerchant(s.db, code);
      revokeCredentials(s.db, m.code, env, adminActor(request));
      return merchantDetail(s, m);
    },
  );
}
