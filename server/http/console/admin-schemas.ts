import { Type } from '@sinclair/typebox';
import { Environment, LedgerEntry } from './console-schemas.js';
import { Lit, Nullable, Open, PerEnv, Tally, TallyObject } from './admin-schema-blocks.js';
import { UpstreamHealthInfo } from './admin-upstream-schemas.js';

/**
 * The admin console's answers for merchants, wallets, pricing, attention, the dashboard, users
 * and cash-ups, and the node's settings (admin-schema-blocks.ts says how they are built); the
 * upstreams', catalogs', reports' and webhooks' answers are in admin-*-schemas.ts beside it.
 */

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
  status: Lit('pending', 'success', 'failed', 'reversed'),
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
  /** Who flagged it by hand and why; null when the node flagged it at its deadline. */
  flag: Nullable(Type.Object({ by: Type.String(), reason: Type.String(), at: Type.String() })),
});

export const AttentionLists = Type.Object({
  flagged: Type.Array(AttentionItem),
  pending: Type.Array(AttentionItem),
});

/** A webhook endpoint with failed deliveries, or pending ones that failed at least once. */
export const FailingWebhook = Type.Object({
  endpoint_id: Type.String({ description: 'we_… id' }),
  merchant_code: Type.String(),
  environment: Environment,
  url: Type.String(),
  status: Lit('enabled', 'paused'),
  failed: Type.Integer({ description: 'deliveries that gave up' }),
  retrying: Type.Integer({ description: 'deliveries pending after at least one failed attempt' }),
});

export const DashboardInfo = Type.Object({
  environment: Environment,
  date: Type.String(),
  timezone: Type.String(),
  sales: Type.Array(
    Type.Object({ product: Type.String(), success: TallyObject, pending: TallyObject, failed: TallyObject }),
  ),
  totals: Type.Object({ success: TallyObject, pending: TallyObject, failed: TallyObject }),
  wallets: Type.Object({ balance: Type.String(), count: Type.Integer() }),
  pending: Type.Object({ pending: Type.Integer(), needs_attention: Type.Integer() }),
  upstreams: Type.Array(UpstreamHealthInfo),
  low_balance_upstreams: Type.Array(Type.String()),
  open_circuits: Type.Array(Type.String()),
  failing_webhooks: Type.Array(FailingWebhook),
  catalog_sync: Nullable(
    Type.Object({ finished_at: Type.String(), ok: Type.Boolean(), trigger: Type.String() }),
  ),
});

export const AdminUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  role: Lit('admin', 'agent'),
  merchant_code: Type.String(),
  active: Type.Boolean(),
  daily_sales_limit: Nullable(Type.String()),
  environments: Type.Array(Environment, { description: 'the environments the user may work in' }),
  start_environment: Environment,
  sold_today: PerEnv(Type.String()),
  created_at: Type.String(),
});

export const CashupInfo = Type.Object({
  id: Nullable(Type.Integer()),
  user: Type.Object({ id: Type.Integer(), username: Type.String(), role: Lit('admin', 'agent') }),
  merchant: Type.String({
    description:
      "the name of the merchant whose sales the shift holds; when it holds several merchants' (the agent was moved during it) or none, the agent's merchant at close",
  }),
  merchant_code: Type.String(),
  by_merchant: Type.Array(
    Type.Object({
      merchant_code: Type.String(),
      merchant: Type.String(),
      sales_count: Type.Integer(),
      total: Type.String({ description: "this merchant's successful sales: its part of the cash expected" }),
      pending: TallyObject,
    }),
    {
      description:
        "the shift's sales by the merchant they were made for, by code: more than one when the agent was moved to another merchant during the shift",
    },
  ),
  environment: Environment,
  shift_start: Type.String(),
  shift_end: Type.String(),
  by_product: Type.Array(Type.Object({ product: Type.String(), ...Tally })),
  by_status: Type.Object({
    success: TallyObject,
    pending: TallyObject,
    failed: Type.Object(Tally, {
      description:
        'failed before the agent saw them pending, and reversed: no cash kept (in cash-ups closed before failed_after_pending existed, every failed sale)',
    }),
  }),
  failed_after_pending: Type.Object(Tally, {
    description:
      "the shift's sales that failed after being pending: the customer may have paid meanwhile, so it is due back to them (not part of the cash expected)",
  }),
  earlier_refunded: TallyObject,
  sales_count: Type.Integer(),
  total: Type.String(),
  counted: Nullable(Type.String()),
  difference: Nullable(Type.String()),
  note: Type.String(),
  closed_by: Nullable(Type.String()),
  created_at: Nullable(Type.String()),
});

export const NodeInfo = Type.Object({
  host: Type.String(),
  port: Type.Integer(),
  url: Type.String(),
  data_dir: Type.String(),
  database_file: Type.String(),
  secret_key_file: Type.String(),
  backup_dir: Type.String(),
  allowed_hosts: Type.Array(Type.String()),
  smtp_flag_set: Type.Boolean(),
  schedules: Type.Boolean(),
  started_at: Type.String(),
});

const backupFields = {
  file: Type.String(),
  path: Type.String(),
  size_bytes: Type.Integer(),
  created_at: Type.String(),
};
export const BackupInfo = Type.Object(backupFields);
export const BackupMade = Type.Object({ ...backupFields, integrity: Type.Literal('ok') });

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  actor: Type.String(),
  action: Type.String(),
  subject: Type.String(),
  detail: Type.Unsafe<unknown>(Open),
  created_at: Type.String(),
});
