import { describe, expect, it } from 'vitest';
import {
  billFormProblems,
  currentBouquetOf,
  downgradeWarning,
  type BillFormState,
} from '../../renderer/src/lib/bill-form.js';
import { BILL_TEXT } from '../../renderer/src/lib/bills.js';
import type { BillPlanRow } from '../../renderer/src/api/types.js';

const bouquet = (id: number, name: string, price: string): BillPlanRow => ({
  id,
  name,
  network: 'DSTV',
  product: 'CABLE',
  amount_type: 'fixed',
  price,
});
const PADI = bouquet(1, 'DStv Padi', '4400.00');
const COMPACT = bouquet(2, 'DStv Compact', '19000.00');
const PREPAID: BillPlanRow = {
  id: 9,
  name: 'Ikeja Electric Prepaid',
  network: 'Ikeja Electric',
  product: 'ELECTRICITY',
  amount_type: 'range',
  price: '500.00',
  max_price: '500000.00',
  meter_type: 'prepaid',
};

/** An electricity form with a provider, its plan and a well-formed meter, not verified yet. */
const electricity = (over: Partial<BillFormState> = {}): BillFormState => ({
  product: 'ELECTRICITY',
  text: BILL_TEXT.ELECTRICITY,
  provider: 'Ikeja Electric',
  plan: PREPAID,
  providerHasPlans: true,
  customerId: '10000000001',
  verified: null,
  amountText: '',
  amountKobo: null,
  range: { min: 50_000, max: 50_000_000 },
  phone: '',
  ...over,
});

describe("a bill sell form's problems", () => {
  it('names the provider, the plan and the id by the form’s own words', () => {
    expect(billFormProblems(electricity({ provider: '', plan: null, customerId: ' ' }))).toEqual({
      provider: 'Choose the distribution company.',
      customer: 'Enter the meter number.',
    });
    expect(billFormProblems(electricity({ plan: null }))).toEqual({
      plan: 'This provider has no plan for that choice.',
    });
    expect(
      billFormProblems(
        electricity({ product: 'BETTING', text: BILL_TEXT.BETTING, customerId: 'TEST BET 001' }),
      ),
    ).toEqual({ customer: 'The customer ID has only letters, digits and dashes, without spaces.' });
    expect(billFormProblems(electricity({ customerId: 'A'.repeat(41) })).customer).toBe(
      'The meter number is at most 40 characters.',
    );
  });

  it('lets a cable smartcard be verified before a bouquet is chosen, and asks for one after', () => {
    const cable = electricity({ product: 'CABLE', text: BILL_TEXT.CABLE, provider: 'DSTV', plan: null });
    expect(billFormProblems(cable)).toEqual({});
    const verified = { ...cable, verified: { customer_name: 'TEST CUSTOMER' } };
    // The amount is the bouquet's price: only the missing bouquet is said.
    expect(billFormProblems(verified)).toEqual({ plan: 'Choose the bouquet.' });
    expect(billFormProblems({ ...cable, providerHasPlans: false })).toEqual({ plan: 'Choose the bouquet.' });
  });

  it('checks the amount against its range and the phone as the product asks, once verified', () => {
    const verified = electricity({ verified: { customer_name: 'TEST CUSTOMER' } });
    expect(billFormProblems(verified)).toEqual({ amount: 'Enter the amount in Naira, for example 5000.' });
    expect(billFormProblems({ ...verified, amountText: '400', amountKobo: 40_000 })).toEqual({
      amount: 'The amount must be from ₦500.00 to ₦500,000.00.',
    });
    expect(billFormProblems({ ...verified, amountText: '600000', amountKobo: 60_000_000 })).toEqual({
      amount: 'The amount must be from ₦500.00 to ₦500,000.00.',
    });
    // Electricity's phone is optional: empty is fine, a short one is not.
    expect(billFormProblems({ ...verified, amountKobo: 500_000, phone: '0803' })).toEqual({
      phone: 'Enter an 11-digit phone number, or leave it empty.',
    });
    const betting = {
      ...verified,
      product: 'BETTING' as const,
      text: BILL_TEXT.BETTING,
      amountKobo: 200_000,
    };
    expect(billFormProblems(betting)).toEqual({ phone: "Enter the customer's 11-digit phone number." });
    expect(billFormProblems({ ...betting, phone: '08123456789' })).toEqual({});
  });
});

describe("a cable customer's current bouquet", () => {
  it('is the provider’s bouquet verify names, in any case, or none', () => {
    expect(currentBouquetOf({ current_bouquet: ' dstv compact ' }, [PADI, COMPACT])).toBe(COMPACT);
    expect(currentBouquetOf({ current_bouquet: 'GOtv Jolli' }, [PADI, COMPACT])).toBeNull();
    expect(currentBouquetOf({ customer_name: 'TEST CUSTOMER' }, [PADI, COMPACT])).toBeNull();
    expect(currentBouquetOf(null, [PADI, COMPACT])).toBeNull();
  });

  it('warns of a cheaper bouquet chosen instead, and of nothing else', () => {
    expect(downgradeWarning(COMPACT, PADI)).toBe(
      "DStv Padi is a downgrade from the customer's current DStv Compact (₦19,000.00). Check with the customer.",
    );
    expect(downgradeWarning(PADI, COMPACT)).toBe('');
    expect(downgradeWarning(COMPACT, COMPACT)).toBe('');
    expect(downgradeWarning(COMPACT, null)).toBe('');
  });
});
