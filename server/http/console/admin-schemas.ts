import { Type, type TSchema } from '@sinclair/typebox';
import { Environment, LedgerEntry } from './console-schemas.js';

/**
 * The admin console's answers as TypeBox schemas (renderer types are generated from them).
 * Inlined, never shared by $ref, so the merchants' OpenAPI document gains no components.
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Lit = <T extends string>(...values: T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const PerEnv = <T extends TSchema>(t: T) => Type.Object({ test: t, live: t });
/** Free-form JSON the node stores and echoes (options, audit detail, sync summaries). */
const Open = Type.Record(Type.String(), Type.Unknown());

export const Pair = Type.Object({ key: Type.String(), secret: Type.String() });

export const CredentialInfo = Type.Object({
  environment: Environment,
  key: Type.String(),
  status: Lit('active', 'revoked'),
  created_at: Type.String(),
  revoked_at: Nullable(Type.String()),
});

export const PricingRuleInfo = Type.Object({
  product: Type.String(),
  network: Type.String(),
  basis_points: Type.Integer(),
  percent: Type.Optional(Type.String()),
});

const merchantFields = {
  merchant_code: Type.String(),
  merchant_id: Type.Integer(),
  name: Type.String(),
  status: Lit('active', 'suspended'),
  allow_ips: Type.Array(Type.String()),
  live_bills: Type.Array(Type.String()),
  report_emails: Type.Array(Type.String()),
  report_test: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
  wallets: PerEnv(Type.String()),
};

export const MerchantSummary = Type.Object({
  ...merchantFields,
  active_credentials: Type.Array(Environment),
});

export const MerchantDetail = Type.Object({
  ...merchantFields,
  credentials: Type.Array(CredentialInfo),
  pricing: Type.Array(PricingRuleInfo),
});

export const IssuedMerchant = Type.Object({ merchant: MerchantDetail, test: Pair, live: Pair });
export const IssuedPair = Type.Object({
  environment: Environment,
  key: Type.String(),
  secret: Type.String(),
});

export const FundResult = Type.Object({
  environment: Environment,
  balance: Type.String(),
  balance_kobo: Type.Integer(),
});

export const AdminLedgerPage = Type.Object({
  merchant_code: Type.String(),
  environment: Environment,
  balance: Type.String(),
  entries: Type.Array(LedgerEntry),
  next_before: Nullable(Type.Integer()),
});

export const LedgerVerify = Type.Object({
  ok: Type.Boolean(),
  wallets: Type.Integer(),
  problems: Type.Array(
    Type.Object({
      wallet_id: Type.Integer(),
      merchant_code: Type.String(),
      environment: Type.String(),
      problem: Type.String(),
    }),
  ),
});

export const PricingPage = Type.Object({
  merchant_code: Type.String(),
  products: Type.Array(Type.String()),
  rules: Type.Array(PricingRuleInfo),
});

export const PricingQuote = Type.Object({
  product: Type.String(),
  network: Type.String(),
  catalog_amount: Type.String(),
  debit: Type.String(),
  difference: Type.String(),
  rule: Nullable(PricingRuleInfo),
});

export const AttentionItem = Type.Object({
  internal_reference: Type.String(),
  request_id: Type.String(),
  merchant_id: Type.Integer(),
  environment: Environment,
  kind: Lit('transaction', 'giftcard', 'esim'),
  product: Type.String(),
  network: Type.String(),
  msisdn: Type.String(),
  plan: Type.String(),
  plan_name: Type.String(),
  amount: Type.String(),
  debit: Type.String(),
  quantity: Type.Integer(),
  status: Lit('pending', 'success', 'failed'),
  response_code: Type.String(),
  result: Nullable(Open),
  failure_reason: Nullable(Type.String()),
  upstream: Nullable(Type.String()),
  upstream_reference: Nullable(Type.String()),
  needs_attention: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
  merchant_code: Type.String(),
  merchant_name: Type.String(),
  polls: Type.Integer(),
  last_answer: Nullable(Type.String()),
  next_poll_at: Nullable(Type.String()),
  sent_at: Nullable(Type.String()),
});

export const AttentionLists = Type.Object({
  flagged: Type.Array(AttentionItem),
  pending: Type.Array(AttentionItem),
});

export { Open, Nullable, Lit, PerEnv };
