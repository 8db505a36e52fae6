/** Shapes of the admin /console API answers (server/http/console/admin-*.ts). */
import type { Environment, LedgerEntry } from '../api/types.js';

export interface Pair {
  key: string;
  secret: string;
}

export interface CredentialInfo {
  environment: Environment;
  key: string;
  status: 'active' | 'revoked';
  created_at: string;
  revoked_at: string | null;
}

export interface PricingRuleInfo {
  product: string;
  network: string;
  basis_points: number;
  percent?: string;
}

export interface MerchantInfo {
  merchant_code: string;
  merchant_id: number;
  name: string;
  status: 'active' | 'suspended';
  allow_ips: string[];
  live_bills: string[];
  report_emails: string[];
  report_test: boolean;
  created_at: string;
  updated_at: string;
  wallets: Record<Environment, string>;
  active_credentials?: Environment[];
  credentials?: CredentialInfo[];
  pricing?: PricingRuleInfo[];
}

/** The admin's ledger rows are the agent's: one shape. */
export type AdminLedgerEntry = LedgerEntry;

export interface Circuit {
  state: 'closed' | 'open' | 'half-open';
  failures: number;
  open_until: string | null;
}

export interface UpstreamHealthInfo {
  name: string;
  type: 'simulator' | 'vending-api';
  enabled: boolean;
  circuit: Circuit;
  balance: string | null;
  balance_checked_at: string | null;
  low_balance: boolean;
  low_balance_threshold: string;
  last_checked_at: string | null;
  last_error: string | null;
}

export interface UpstreamInfo {
  id: number;
  name: string;
  type: 'simulator' | 'vending-api';
  base_url: string | null;
  merchant_code: string | null;
  key: string | null;
  has_secret: boolean;
  options: Record<string, unknown>;
  enabled: boolean;
  routes: { product: string; network: string; priority: number }[];
  health: UpstreamHealthInfo | null;
}

export interface RouteInfo {
  id: number;
  product: string;
  network: string;
  upstream: string;
  priority: number;
}

export interface ConnectionTest {
  name: string;
  ok: boolean;
  health: { ok: boolean; detail: string; ms: number };
  balance: string | null;
  balance_error: string | null;
  circuit: Circuit;
  checked_at: string;
}

export interface CatalogRow {
  kind: 'data' | 'bill' | 'giftcard' | 'esim';
  id: string;
  name: string;
  group: string;
  detail: string;
  price: string;
  active: boolean;
}

export interface CatalogPage {
  kind: CatalogRow['kind'];
  rows: CatalogRow[];
  total: number;
  page: number;
  limit: number;
  groups: string[];
  counts: { all: number; active: number };
}

export interface CatalogSyncRun {
  id: number;
  trigger: string;
  started_at: string;
  finished_at: string;
  ok: boolean;
  summary: {
    upstreams?: { name: string; ok: boolean; error: string | null }[];
    changes?: Record<string, Record<string, number>>;
  };
}

export interface AttentionItem {
  internal_reference: string;
  request_id: string;
  merchant_code: string;
  merchant_name: string;
  environment: Environment;
  product: string;
  network: string;
  msisdn: string;
  plan_name: string;
  amount: string;
  debit: string;
  status: 'pending' | 'success' | 'failed';
  upstream: string | null;
  needs_attention: boolean;
  polls: number;
  last_answer: string | null;
  sent_at: string | null;
  created_at: string;
}

export interface AdminUser {
  id: number;
  username: string;
  role: 'admin' | 'agent';
  merchant_code: string;
  active: boolean;
  daily_sales_limit: string | null;
  environments: Environment[];
  start_environment: Environment;
  sold_today: Record<Environment, string>;
  created_at: string;
}

export interface Tally {
  count: number;
  amount: string;
}

export interface CashupInfo {
  id: number | null;
  user: { id: number; username: string; role: string };
  merchant: string;
  environment: Environment;
  shift_start: string;
  shift_end: string;
  by_product: ({ product: string } & Tally)[];
  by_status: Record<'success' | 'pending' | 'failed', Tally>;
  sales_count: number;
  total: string;
  counted: string | null;
  difference: string | null;
  note: string;
  closed_by: string | null;
  created_at: string | null;
}

export interface DashboardInfo {
  environment: Environment;
  date: string;
  timezone: string;
  sales: { product: string; success: Tally; pending: Tally; failed: Tally }[];
  totals: Record<'success' | 'pending' | 'failed', Tally>;
  wallets: { balance: string; count: number };
  pending: { pending: number; needs_attention: number };
  upstreams: UpstreamHealthInfo[];
  low_balance_upstreams: string[];
  open_circuits: string[];
  failing_webhooks: FailingWebhook[];
  catalog_sync: { finished_at: string; ok: boolean; trigger: string } | null;
}

export interface NodeInfo {
  host: string;
  port: number;
  url: string;
  data_dir: string;
  database_file: string;
  secret_key_file: string;
  backup_dir: string;
  allowed_hosts: string[];
  smtp_flag_set: boolean;
  schedules: boolean;
  started_at: string;
}

export interface BackupInfo {
  file: string;
  path: string;
  size_bytes: number;
  created_at: string;
}

export interface ReportSettingsInfo {
  smtp_url: string | null;
  smtp_in_use: string | null;
  smtp_source: 'flag' | 'settings' | null;
  /** Set while the SMTP URL in use sends a password without TLS (?tls=off). */
  smtp_warning: string | null;
  from: string;
  send_time: string;
  timezone: string;
  holidays: string[];
  max_attachment_bytes: number;
  console_url: string | null;
  lookback_days: number;
}

export interface AuditEntry {
  id: number;
  actor: string;
  action: string;
  subject: string;
  detail: Record<string, unknown>;
  created_at: string;
}

export interface ReportDeliveryInfo {
  id: number;
  merchant_code: string;
  environment: Environment;
  date: string;
  state: 'pending' | 'sending' | 'retrying' | 'sent' | 'failed';
  recipients: string[];
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  attached: boolean;
  summary: { transactions?: number; totals?: { count: number; amount: string } } | null;
}

export interface ReportSummaryInfo {
  merchant_code: string;
  merchant_name: string;
  environment: Environment;
  date: string;
  timezone: string;
  complete: boolean;
  transactions: number;
  totals: Tally & { debit: string };
  totals_by_product: ({ product: string } & Tally & { debit: string })[];
  status_breakdown: Record<'success' | 'failed' | 'pending', Tally & { debit: string }>;
  opening_balance: string;
  closing_balance: string;
}

/** Products a route, a price term or a report names. */
export const ADMIN_PRODUCTS = [
  'airtime',
  'data',
  'ELECTRICITY',
  'CABLE',
  'BETTING',
  'giftcard',
  'esim',
] as const;

export interface FailingWebhook {
  endpoint_id: string;
  merchant_code: string;
  environment: Environment;
  url: string;
  status: string;
  failed: number;
  retrying: number;
}

export interface WebhookEndpointInfo {
  id: string;
  environment: Environment;
  url: string;
  event_types: string[];
  status: 'enabled' | 'paused';
  old_secret_expires_at: string | null;
  created_at: string;
}

export interface WebhookDeliveryInfo {
  id: number;
  event_id: string;
  event_type: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  next_attempt_at: string | null;
  updated_at: string;
}
