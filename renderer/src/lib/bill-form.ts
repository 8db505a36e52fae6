import type { BillPlanRow, VerifiedCustomer } from '../api/types.js';
import { formatKobo, formatNaira, parseAmountInput } from '../../../common/money-display.js';
import { amountProblem } from './amount-input.js';
import { phoneDigits, phoneProblem } from './phone.js';
import type { BillFlowText, BillProduct } from './bills.js';

/** What a bill sell form holds when it is checked (SellBillForm). */
export interface BillFormState {
  product: BillProduct;
  text: BillFlowText;
  provider: string;
  /** The chosen plan: the provider's only one, or the bouquet chosen. */
  plan: BillPlanRow | null;
  /** Whether the provider has plans for the current choice (a bouquet may be chosen after verify). */
  providerHasPlans: boolean;
  customerId: string;
  verified: VerifiedCustomer | null;
  amountText: string;
  amountKobo: number | null;
  range: { min: number; max: number } | null;
  phone: string;
}

/**
 * Every problem of a bill sell form, by field (provider, plan, customer, amount, phone), shown
 * or not: the form shows those of the fields the agent has left or tried to go on with. The
 * amount and the phone are checked once the customer is verified.
 */
export function billFormProblems(s: BillFormState): Record<string, string> {
  const e: Record<string, string> = {};
  if (!s.provider) e.provider = `Choose the ${s.text.provider.toLowerCase()}.`;
  else if (!s.plan && !(s.product === 'CABLE' && !s.verified && s.providerHasPlans))
    e.plan = s.product === 'CABLE' ? 'Choose the bouquet.' : 'This provider has no plan for that choice.';
  const id = s.customerId.trim();
  // "customer ID", "smartcard / IUC number": only the first letter lower-cased.
  const idName = s.text.customer.charAt(0).toLowerCase() + s.text.customer.slice(1);
  if (!id) e.customer = `Enter the ${idName}.`;
  else if (id.length > 40) e.customer = `The ${idName} is at most 40 characters.`;
  else if (!/^[A-Za-z0-9-]+$/.test(id))
    e.customer = `The ${idName} has only letters, digits and dashes, without spaces.`;
  if (s.verified) {
    const k = s.amountKobo;
    const r = s.range;
    // A cable sale's amount is its bouquet's price: before one is chosen, the plan error speaks.
    const bouquetMissing = s.product === 'CABLE' && !s.plan;
    if (!bouquetMissing && k === null)
      e.amount = amountProblem(s.amountText, 'Enter the amount in Naira, for example 5000.');
    else if (!bouquetMissing && k !== null && r && (k < r.min || k > r.max))
      e.amount = `The amount must be from ${formatKobo(r.min)} to ${formatKobo(r.max)}.`;
    const phoneWrong =
      s.text.phone === 'required'
        ? phoneProblem(s.phone, "Enter the customer's 11-digit phone number.")
        : s.text.phone === 'optional' && phoneDigits(s.phone)
          ? phoneProblem(s.phone, 'Enter an 11-digit phone number, or leave it empty.')
          : '';
    if (phoneWrong) e.phone = phoneWrong;
  }
  return e;
}

/** The customer's current bouquet, when verify names one of the provider's bouquets. */
export function currentBouquetOf(
  verified: VerifiedCustomer | null,
  bouquets: readonly BillPlanRow[],
): BillPlanRow | null {
  const name = verified?.current_bouquet?.trim().toLowerCase();
  return name ? (bouquets.find((p) => p.name.toLowerCase() === name) ?? null) : null;
}

/** The warning for a bouquet cheaper than the customer's current one ('' when it is not). */
export function downgradeWarning(current: BillPlanRow, chosen: BillPlanRow | null): string {
  if (!chosen || current.id === chosen.id) return '';
  const kobo = (v: string) => parseAmountInput(v) ?? 0;
  return kobo(chosen.price) < kobo(current.price)
    ? `${chosen.name} is a downgrade from the customer's current ${current.name} (${formatNaira(current.price)}). Check with the customer.`
    : '';
}
