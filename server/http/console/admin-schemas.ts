import { Type, type TSchema } from '@sinclair/typebox';
import { Environment, LedgerEntry } from './console-schemas.js';
import { EVENT_TYPES } from '../../domain/webhook-events.js';

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
});

export const AttentionLists = Type.Object({
  flagged: Type.Array(AttentionItem),
  pending: Type.Array(AttentionItem),
});

export { Open, Nullable, Lit, PerEnv };

export const Circuit = Type.Object({
  state: Lit('closed', 'open', 'half-open'),
  failures: Type.Integer(),
  open_until: Nullable(Type.String()),
});

const UpstreamType = Lit('simulator', 'vending-api');

export const UpstreamHealthInfo = Type.Object({
  name: Type.String(),
  type: UpstreamType,
  enabled: Type.Boolean(),
  circuit: Circuit,
  balance: Nullable(Type.String()),
  balance_checked_at: Nullable(Type.String()),
  low_balance: Type.Boolean(),
  low_balance_threshold: Type.String(),
  last_checked_at: Nullable(Type.String()),
  last_error: Nullable(Type.String()),
  problem: Nullable(
    Type.String({ description: 'why the node cannot use this upstream at all (its routes are unavailable)' }),
  ),
});

const upstreamFields = {
  id: Type.Integer(),
  name: Type.String(),
  type: UpstreamType,
  base_url: Nullable(Type.String()),
  merchant_code: Nullable(Type.String()),
  key: Nullable(Type.String()),
  has_secret: Type.Boolean(),
  options: Open,
  enabled: Type.Boolean(),
  routes: Type.Array(
    Type.Object({ product: Type.String(), network: Type.String(), priority: Type.Integer() }),
  ),
  created_at: Type.String(),
  updated_at: Type.String(),
};

export const UpstreamView = Type.Object(upstreamFields);

export const UpstreamsOverview = Type.Object({
  upstreams: Type.Array(Type.Object({ ...upstreamFields, health: Nullable(UpstreamHealthInfo) })),
  routes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      product: Type.String(),
      network: Type.String(),
      upstream: Type.String(),
      priority: Type.Integer(),
    }),
  ),
});

export const ConnectionTest = Type.Object({
  name: Type.String(),
  type: UpstreamType,
  ok: Type.Boolean(),
  health: Type.Object({ ok: Type.Boolean(), detail: Type.String(), ms: Type.Number() }),
  balance: Nullable(Type.String()),
  balance_error: Nullable(Type.String()),
  warning: Nullable(Type.String({ description: 'a reason to doubt the set-up though it works' })),
  circuit: Circuit,
  checked_at: Type.String(),
});

export const UpstreamBalances = Type.Object({ upstreams: Type.Array(UpstreamHealthInfo) });

const Tally = { count: Type.Integer(), amount: Type.String() };
const TallyObject = Type.Object(Tally);

/**
 * Stored JSON the node reads back as a plain record: the schema says what is in it (for the
 * document and the renderer's types), the server code keeps treating it as a record.
 */
const StoredJson = <T extends TSchema>(t: T) => Type.Unsafe<Record<string, unknown>>(t);

export const CatalogSyncRun = Type.Object({
  id: Type.Integer(),
  trigger: Type.String(),
  started_at: Type.String(),
  finished_at: Type.String(),
  ok: Type.Boolean(),
  summary: StoredJson(
    Type.Object(
      {
        upstreams: Type.Optional(
          Type.Array(
            Type.Object(
              { name: Type.String(), ok: Type.Boolean(), error: Nullable(Type.String()) },
              { additionalProperties: true },
            ),
          ),
        ),
        changes: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Type.Integer()))),
      },
      { additionalProperties: true },
    ),
  ),
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

const CatalogKind = Lit('data', 'bill', 'giftcard', 'esim');

export const CatalogRow = Type.Object({
  kind: CatalogKind,
  id: Type.String(),
  name: Type.String(),
  group: Type.String(),
  detail: Type.String(),
  price: Type.String(),
  active: Type.Boolean(),
});

export const CatalogPage = Type.Object({
  kind: CatalogKind,
  rows: Type.Array(CatalogRow),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  groups: Type.Array(Type.String()),
  counts: Type.Object({ all: Type.Integer(), active: Type.Integer() }),
});

export const CatalogSyncStatus = Type.Object({ last: Nullable(CatalogSyncRun) });

export const CatalogSyncReport = Type.Object({
  ok: Type.Boolean(),
  trigger: Type.String(),
  started_at: Type.String(),
  finished_at: Type.String(),
  upstreams: Type.Array(
    Type.Object({
      name: Type.String(),
      ok: Type.Boolean(),
      error: Nullable(Type.String()),
      sections: Type.Array(Type.String()),
    }),
  ),
  changes: Type.Record(Type.String(), Type.Unknown(), { description: 'counts per catalog section' }),
  skipped_rows: Type.Record(Type.String(), Type.Unknown(), { description: 'rows skipped per section' }),
});

export const CatalogSyncNow = Type.Object({ report: CatalogSyncReport, last: Nullable(CatalogSyncRun) });

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
  merchant: Type.String(),
  environment: Environment,
  shift_start: Type.String(),
  shift_end: Type.String(),
  by_product: Type.Array(Type.Object({ product: Type.String(), ...Tally })),
  by_status: Type.Object({ success: TallyObject, pending: TallyObject, failed: TallyObject }),
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

const ReportTally = Type.Object({ ...Tally, debit: Type.String() });

export const ReportDeliveryInfo = Type.Object({
  id: Type.Integer(),
  merchant_code: Type.String(),
  environment: Environment,
  date: Type.String(),
  timezone: Type.String(),
  state: Lit('pending', 'sending', 'retrying', 'sent', 'failed'),
  recipients: Type.Array(Type.String()),
  attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  next_attempt_at: Nullable(Type.String()),
  sent_at: Nullable(Type.String()),
  last_sent_at: Nullable(Type.String()),
  message_id: Nullable(Type.String()),
  resend_count: Type.Integer(),
  attached: Nullable(Type.Boolean()),
  summary: Nullable(
    StoredJson(
      Type.Object(
        {
          transactions: Type.Optional(Type.Integer()),
          totals: Type.Optional(
            Type.Object({ count: Type.Integer(), amount: Type.String() }, { additionalProperties: true }),
          ),
        },
        { additionalProperties: true },
      ),
    ),
  ),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const ReportDeliveryPage = Type.Object({
  data: Type.Array(ReportDeliveryInfo),
  pagination: Type.Object({
    total: Type.Integer(),
    page: Type.Integer(),
    size: Type.Integer(),
    total_pages: Type.Integer(),
  }),
});

export const ReportSummaryInfo = Type.Object({
  merchant_code: Type.String(),
  merchant_name: Type.String(),
  environment: Environment,
  date: Type.String(),
  timezone: Type.String(),
  window: Type.Object({ from: Type.String(), to: Type.String() }),
  complete: Type.Boolean(),
  transactions: Type.Integer(),
  totals: ReportTally,
  totals_by_product: Type.Array(Type.Object({ product: Type.String(), ...Tally, debit: Type.String() })),
  status_breakdown: Type.Object({
    success: ReportTally,
    failed: ReportTally,
    pending: ReportTally,
    reversed: ReportTally,
  }),
  /** The day's sales settled after the day ended (the breakdown keeps their day-end state). */
  changed_after_day: Type.Object({
    ...Tally,
    debit: Type.String(),
    now_success: Type.Integer(),
    now_failed: Type.Integer(),
    now_pending: Type.Integer(),
    now_reversed: Type.Integer(),
  }),
  opening_balance: Type.String(),
  closing_balance: Type.String(),
  wallet_movements: Type.Object({
    funding: Type.String(),
    debits: Type.String(),
    refunds: Type.String(),
    adjustments: Type.String(),
    reversals: Type.String(),
    debit_corrections: Type.String(),
  }),
  generated_at: Type.String(),
});

export const ReportDetail = Type.Object({
  report: ReportSummaryInfo,
  recipients: Type.Array(Type.String()),
  delivery: Nullable(ReportDeliveryInfo),
});

export const ReportResend = Type.Object({
  sent: Type.Boolean(),
  error: Nullable(Type.String()),
  delivery: Nullable(ReportDeliveryInfo),
});

export const ReportSettingsInfo = Type.Object({
  smtp_url: Nullable(Type.String()),
  smtp_in_use: Nullable(Type.String()),
  smtp_source: Nullable(Lit('flag', 'settings')),
  smtp_warning: Nullable(
    Type.String({ description: 'set while the SMTP URL in use sends a password without TLS' }),
  ),
  from: Type.String(),
  send_time: Type.String(),
  timezone: Type.String(),
  holidays: Type.Array(Type.String()),
  max_attachment_bytes: Type.Integer(),
  console_url: Nullable(Type.String()),
  lookback_days: Type.Integer(),
});

/** `report run --json` as the CLI prints it ({ reports: [...], smtp? }), with ok in front. */
export const ReportRun = Type.Object({ ok: Type.Boolean() }, { additionalProperties: true });

/** A merchant's webhook endpoint as the console shows it; never its secret. */
export const WebhookEndpointInfo = Type.Object({
  id: Type.String({ description: 'we_… id' }),
  environment: Environment,
  url: Type.String(),
  event_types: Type.Array(Type.String()),
  status: Lit('enabled', 'paused'),
  old_secret_expires_at: Nullable(
    Type.String({ description: 'until when the rotated-out secret still signs (ISO)' }),
  ),
  created_at: Type.String(),
});

/** An endpoint with its signing secret: shown once, when added or rotated. */
export const WebhookEndpointWithSecret = Type.Object({
  ...WebhookEndpointInfo.properties,
  secret: Type.String({ description: 'shown only in this answer' }),
});

export const MerchantWebhooks = Type.Object({
  merchant_code: Type.String(),
  webhooks: Type.Array(WebhookEndpointInfo),
  low_balance_thresholds: PerEnv(Nullable(Type.String({ description: 'naira; null: no low-balance event' }))),
  allow_private: Type.Boolean({ description: 'the node runs with --allow-private-webhooks' }),
  event_types: Type.Array(Lit(...EVENT_TYPES), {
    description: 'every event type an endpoint may subscribe to (["*"] subscribes to all, also later ones)',
  }),
});

export const WebhookDeliveryInfo = Type.Object({
  id: Type.Integer(),
  event_id: Type.String({ description: 'evt_… id' }),
  event_type: Type.String(),
  state: Lit('pending', 'delivered', 'failed'),
  attempts: Type.Integer(),
  last_status: Nullable(Type.Integer({ description: "the receiver's HTTP status" })),
  last_error: Nullable(Type.String()),
  last_latency_ms: Nullable(Type.Number()),
  next_attempt_at: Nullable(Type.String({ description: 'pending only: when it is tried next (ISO)' })),
  updated_at: Type.String(),
});

export const WebhookDeliveries = Type.Object({
  endpoint: WebhookEndpointInfo,
  deliveries: Type.Array(WebhookDeliveryInfo),
});

export const WebhookTestResult = Type.Object({
  delivered: Type.Boolean({ description: 'the receiver answered 2xx' }),
  status_code: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  latency_ms: Type.Number(),
});
