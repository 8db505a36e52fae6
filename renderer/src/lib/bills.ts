import type { BillPlanRow, VerifiedCustomer } from '../api/types.js';
import { apiNairaToKobo } from '../../../common/money.js';
import { PRODUCT_NAMES } from '../../../common/products.js';

export type BillProduct = 'ELECTRICITY' | 'CABLE' | 'BETTING';

export interface BillFlowText {
  title: string;
  subtitle: string;
  /** The names of the sale's fields, on the form, its confirm step and the receipt alike. */
  provider: string;
  plan: string;
  customer: string;
  customerPlaceholder: string;
  /** The simulator's accepted ids (spec "Test credential behaviour"), shown in test mode only. */
  testIds: string;
  phone: 'none' | 'optional' | 'required';
}

export const BILL_TEXT: Record<BillProduct, BillFlowText> = {
  ELECTRICITY: {
    title: PRODUCT_NAMES.ELECTRICITY.category,
    subtitle: 'Prepaid tokens and postpaid bill payments for every distribution company.',
    provider: 'Distribution company',
    plan: 'Plan',
    customer: 'Meter number',
    // No length is promised: the node takes 1–40 letters, digits and dashes, and the
    // distribution company says whether the number is one of its meters.
    customerPlaceholder: 'From the meter, its card or the bill',
    testIds: 'Test meters: 10000000001 (prepaid), 10000000002 (postpaid).',
    phone: 'optional',
  },
  CABLE: {
    title: PRODUCT_NAMES.CABLE.category,
    subtitle: 'DStv, GOtv and StarTimes subscriptions.',
    provider: 'Provider',
    plan: 'Bouquet',
    customer: 'Smartcard / IUC number',
    customerPlaceholder: 'Smartcard or IUC number',
    testIds: 'Test smartcards: DStv 10000000010, GOtv 10000000020, StarTimes 10000000030.',
    phone: 'none',
  },
  BETTING: {
    title: PRODUCT_NAMES.BETTING.category,
    subtitle: "Fund a customer's betting wallet.",
    provider: 'Betting platform',
    plan: 'Plan',
    customer: 'Customer ID',
    customerPlaceholder: 'Betting account ID',
    testIds: 'Test customer ID: TESTBET001.',
    phone: 'required',
  },
};

/** Verify fields worth showing the agent, in reading order, with their labels. */
export const VERIFY_LABELS: [string, string][] = [
  ['customer_name', 'Customer name'],
  ['customer_username', 'Username'],
  ['customer_address', 'Address'],
  ['meter_number', 'Meter number'],
  ['meter_type', 'Meter type'],
  ['account_type', 'Account type'],
  ['tariff', 'Tariff'],
  ['district', 'District'],
  ['business_unit', 'Business unit'],
  ['current_bouquet', 'Current bouquet'],
  ['due_date', 'Due date'],
];

/**
 * The amount range allowed for a bill: the meter's own limits from verify when it gives them
 * (a 0 means "none": the catalog applies, as on the node), else the plan's price range.
 */
export function billAmountRange(
  plan: BillPlanRow | null,
  verified: VerifiedCustomer | null,
): { min: number; max: number } | null {
  if (!plan) return null;
  if (plan.amount_type === 'fixed') {
    const k = apiNairaToKobo(plan.price) ?? 0;
    return { min: k, max: k };
  }
  const planMin = apiNairaToKobo(plan.price) ?? 0;
  const planMax = apiNairaToKobo(plan.max_price ?? null) ?? Number.MAX_SAFE_INTEGER;
  const vMin = apiNairaToKobo(verified?.min_amount ?? null);
  const vMax = apiNairaToKobo(verified?.max_amount ?? null);
  return { min: vMin && vMin > 0 ? vMin : planMin, max: vMax && vMax > 0 ? vMax : planMax };
}
