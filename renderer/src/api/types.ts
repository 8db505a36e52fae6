/** Shapes of the /console API answers (server/http/console/*). */

export type Environment = 'test' | 'live';
export type Role = 'admin' | 'agent';
export type SaleStatus = 'pending' | 'success' | 'failed';

export interface SessionInfo {
  user: { id: number; username: string; role: Role };
  merchant: { id: number; code: string; name: string };
  environment: Environment;
  environments: Environment[];
  csrf_token: string;
  expires_at: string;
}

export interface NodeStatus {
  setup_required: boolean;
  /** True when this browser is on another computer: setup needs the code the node printed. */
  setup_code_required?: boolean;
  merchants: { code: string; name: string }[];
  /** Shown only to the node's own machine, to claim the node from another computer. */
  setup_code?: string;
}

export interface Sale {
  reference: string;
  request_id: string;
  environment: Environment;
  kind: 'transaction' | 'giftcard' | 'esim';
  product: string;
  network: string;
  customer: string;
  phone: string;
  plan: string;
  plan_name: string;
  amount: string;
  amount_kobo: number;
  debit: string;
  quantity: number;
  status: SaleStatus;
  response_code: string;
  failure_reason: string;
  details: Record<string, string>;
  result: Record<string, string>;
  cards_count: number;
  has_qr: boolean;
  merchant_name: string;
  agent: string;
  created_at: string;
  updated_at: string;
  /** Pending only: when the provider was last asked (ISO, '' before the first answer) and what it said. */
  last_checked_at: string;
  provider_said: string;
}

export interface GiftCardCode {
  card_number?: string;
  pin_code?: string;
  claim_url?: string;
  [field: string]: unknown;
}

export interface BillPlanRow {
  id: number;
  name: string;
  network: string;
  product: string;
  amount_type: 'fixed' | 'range';
  price: string;
  max_price?: string;
  meter_type?: 'prepaid' | 'postpaid';
}

export type VerifiedCustomer = Record<string, string>;

export interface PurchasePage {
  rows: Sale[];
  total: number;
  page: number;
  limit: number;
  environment: Environment;
}

export interface WalletInfo {
  environment: Environment;
  balance: string;
  balance_kobo: number;
  updated_at: string;
}

export interface LedgerEntry {
  id: number;
  kind: 'funding' | 'debit' | 'refund' | 'adjustment';
  amount: string;
  amount_kobo: number;
  balance_after: string;
  reference: string;
  reason: string;
  actor: string;
  created_at: string;
}

export interface LedgerPage {
  environment: Environment;
  entries: LedgerEntry[];
  next_before: number | null;
}

export interface GiftcardItem {
  plan_id: number;
  title: string;
  brand: string;
  region: string;
  ui_category: string;
  face_value?: number;
  min_price?: number;
  max_price?: number;
  currency_code: string;
  ngn_price?: string;
  fixed_price: boolean;
  featured: boolean;
}

export interface GiftcardQuote {
  plan_id: number;
  ngn_amount: string;
  currency_code: string;
  face_value: number;
}

export interface GiftcardAvailability {
  available: boolean;
  detail: string;
  fulfillment: 'immediate' | 'standard' | 'out_of_stock' | 'preorder';
}

export interface EsimItem {
  plan_id: string;
  title: string;
  country: string;
  region: string;
  data_gb: number;
  duration_days: number;
  currency_code: string;
  ngn_price?: string;
}

/** Whether the desk can sell a product in the session's environment, and why not. */
export interface ProductAvailability {
  product: string;
  available: boolean;
  reason: string;
  fix: { to: string; label: string } | null;
}
