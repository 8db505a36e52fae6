import { failureText } from '../../renderer/src/lib/failure-text.js';
import { describe, expect, it } from 'vitest';
import { electricityTokens, groupInFours } from '../../renderer/src/lib/token.js';
import { humanMessage } from '../../renderer/src/lib/errors.js';
import { BILL_TEXT, billAmountRange } from '../../renderer/src/lib/bills.js';
import { tileForKey, PRODUCT_TILES, saleFieldLabels } from '../../renderer/src/lib/products.js';
import { isTypingTarget } from '../../renderer/src/lib/keys.js';
import { walletRefund } from '../../renderer/src/lib/refund-text.js';

describe('electricity tokens on a receipt', () => {
  it('are grouped in fours', () => {
    expect(groupInFours('12345678901234567890')).toBe('1234 5678 9012 3456 7890');
    expect(groupInFours('1234 5678')).toBe('1234 5678');
    expect(groupInFours('123456')).toBe('1234 56');
  });
  it('put the key change tokens first, in order, when the biller sends them', () => {
    const lines = electricityTokens({
      token: '11112222333344445555',
      kct2: '99998888777766665555',
      kct1: '12121212121212121212',
    });
    expect(lines.map((l) => l.label)).toEqual([
      'Key change token 1 (enter first)',
      'Key change token 2 (enter second)',
      'Recharge token (enter last)',
    ]);
    expect(lines[2].value).toBe('1111 2222 3333 4444 5555');
    expect(electricityTokens({ token: '11112222333344445555' }).map((l) => l.label)).toEqual(['Token']);
    expect(electricityTokens({ payment_spent_on: 'debt' })).toEqual([]);
  });
});

describe('API errors as sentences', () => {
  it('says what a status means when the node gives no message', () => {
    expect(humanMessage(0, undefined)).toMatch(/not answering/);
    // Settings and cash-up refusals in the words of their fields, not the API's names.
    expect(humanMessage(400, 'lookback_days must be an integer from 1 to 60')).toBe(
      'The number of missed days to catch up must be an integer from 1 to 60.',
    );
    expect(humanMessage(400, 'smtp_url must start with smtp:// or smtps:// (got http://)')).toBe(
      'The SMTP server address must start with smtp:// or smtps:// (got http://).',
    );
    expect(humanMessage(400, 'timezone must be an IANA zone like Africa/Lagos')).toBe(
      'The time zone must be an IANA zone like Africa/Lagos.',
    );
    expect(humanMessage(400, 'counted must be a Naira amount')).toBe(
      'The counted cash must be a Naira amount.',
    );
    // A webhook URL's refusals name the URL as people write it, not "Url".
    expect(humanMessage(400, 'url host example.invalid does not resolve')).toBe(
      'The URL host example.invalid does not resolve.',
    );
    expect(humanMessage(400, 'url must be http or https')).toBe('The URL must be http or https.');
    // Amounts are grouped; a sign the node already wrote is not doubled.
    expect(
      humanMessage(400, 'this adjustment would take the test wallet below zero (balance ₦838296.50)'),
    ).toBe('This adjustment would take the test wallet below zero (balance ₦838,296.50).');
    // Already grouped by the node: left as it is, not split at its comma.
    expect(
      humanMessage(400, 'this adjustment would take the test wallet below zero (balance ₦838,296.50)'),
    ).toBe('This adjustment would take the test wallet below zero (balance ₦838,296.50).');
    expect(humanMessage(400, 'amount must be between 50.00 and 50000.00')).toBe(
      'Amount must be between ₦50.00 and ₦50,000.00.',
    );
    // The node's airtime refusal (services/transactions.ts), its bounds in the API's form.
    expect(humanMessage(400, 'airtime amount must be between 100.50 and 60000.00')).toBe(
      'Airtime amount must be between ₦100.50 and ₦60,000.00.',
    );
    expect(humanMessage(500, 'Internal server error; retry with backoff')).toMatch(/Check History/);
    expect(humanMessage(502, 'The provider could not be reached; retry with backoff')).toMatch(
      /Nothing was charged/,
    );
  });
  it("says a busy node's wait in words, not the API's Retry-After header", () => {
    const busy =
      'The node is busy: 5 History searches are under way or waiting; retry after the Retry-After delay';
    expect(humanMessage(503, busy, 2)).toBe(
      'The node is busy: 5 History searches are under way or waiting; try again in a few seconds.',
    );
    expect(humanMessage(503, busy)).toMatch(/try again in a few seconds\.$/);
    expect(humanMessage(429, 'Too many requests; retry after the Retry-After delay', 60)).toBe(
      'Too many requests; try again in 60 seconds.',
    );
    expect(humanMessage(503, busy, 300)).toMatch(/try again in 5 minutes\.$/);
    expect(humanMessage(503, busy, 2)).not.toMatch(/Retry-After/);
    expect(humanMessage(503, 'The node is stopping: nothing was stored or charged; retry after 5 s', 5)).toBe(
      'The node is stopping: nothing was stored or charged; try again in a few seconds.',
    );
  });
  it('keeps the node message, as a sentence with plain words and Naira', () => {
    expect(humanMessage(400, 'amount must be between 500.00 and 500000.00 for this meter')).toBe(
      'Amount must be between ₦500.00 and ₦500,000.00 for this meter.',
    );
    expect(humanMessage(400, 'customer_msisdn must be a Nigerian mobile number like 08031234567')).toBe(
      'The customer number must be a Nigerian mobile number like 08031234567.',
    );
    expect(humanMessage(422, 'Duplicate request: the key "x" was already used')).toMatch(/already sent once/);
    // A reference at the start is shown as written: capitalised, it would no longer be the reference.
    expect(humanMessage(409, 'a1b2c3d4-0000-4000-8000-000000000001 is still pending here')).toBe(
      'a1b2c3d4-0000-4000-8000-000000000001 is still pending here.',
    );
  });
});

describe("a sale's field names on its receipt", () => {
  it("are a bill form's own: distribution company, bouquet, smartcard / IUC number, betting platform", () => {
    expect(saleFieldLabels('ELECTRICITY', 'transaction')).toMatchObject({
      provider: 'Distribution company',
      customer: 'Meter number',
    });
    expect(saleFieldLabels('CABLE', 'transaction')).toMatchObject({
      provider: 'Provider',
      plan: 'Bouquet',
      customer: 'Smartcard / IUC number',
    });
    expect(saleFieldLabels('BETTING', 'transaction').provider).toBe('Betting platform');
    // One source: the receipt reads the form's table, not a copy of it.
    for (const product of ['ELECTRICITY', 'CABLE', 'BETTING'] as const)
      expect(saleFieldLabels(product, 'transaction')).toBe(BILL_TEXT[product]);
  });
  it('name a telco sale by network, plan and phone, and an order by its item', () => {
    expect(saleFieldLabels('data', 'transaction')).toEqual({
      provider: 'Network',
      plan: 'Plan',
      customer: 'Phone number',
    });
    expect(saleFieldLabels('giftcard', 'giftcard').plan).toBe('Item');
    expect(saleFieldLabels('esim', 'esim').plan).toBe('Item');
  });
});

describe('bill amount limits', () => {
  const range = {
    id: 1,
    name: 'P',
    network: 'EKEDC',
    product: 'ELECTRICITY',
    amount_type: 'range' as const,
    price: '500.00',
    max_price: '500000.00',
  };
  it('come from the meter when verify gives them, else from the plan; a 0 limit means none', () => {
    expect(billAmountRange(range, null)).toEqual({ min: 50000, max: 50000000 });
    expect(billAmountRange(range, { min_amount: '1000', max_amount: '20000' })).toEqual({
      min: 100000,
      max: 2000000,
    });
    expect(billAmountRange(range, { min_amount: '0', max_amount: '0' })).toEqual({
      min: 50000,
      max: 50000000,
    });
  });
  it('are the price itself for a fixed bouquet', () => {
    expect(billAmountRange({ ...range, amount_type: 'fixed', price: '4400.00' }, null)).toEqual({
      min: 440000,
      max: 440000,
    });
  });
});

describe('keyboard', () => {
  it('gives each of the seven tiles its own letter', () => {
    expect(new Set(PRODUCT_TILES.map((t) => t.key)).size).toBe(7);
    expect(tileForKey('e')?.id).toBe('electricity');
    expect(tileForKey('S')?.id).toBe('esim');
    expect(tileForKey('x')).toBeUndefined();
  });
  it('leaves letters alone while the agent types in a text field, not on a radio', () => {
    const el = (tagName: string, type?: string) =>
      ({ tagName, isContentEditable: false, getAttribute: () => type ?? null }) as unknown as EventTarget;
    expect(isTypingTarget(el('INPUT'))).toBe(true);
    expect(isTypingTarget(el('INPUT', 'tel'))).toBe(true);
    expect(isTypingTarget(el('SELECT'))).toBe(true);
    expect(isTypingTarget(el('INPUT', 'radio'))).toBe(false);
    expect(isTypingTarget(el('BUTTON'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe("the agent's refund line", () => {
  it('names the sale beside a debit that differs from it (a pricing term), and only the debit otherwise', () => {
    expect(walletRefund('700', '682.50')).toBe('₦682.50, its debit for this ₦700.00 sale');
    expect(walletRefund('500', '500.00')).toBe('₦500.00');
  });
});

describe('why a sale failed, and what the agent does next', () => {
  const airtime = (reason: string) => failureText(reason, 'airtime', 'transaction');
  const CHECK_PHONE =
    'Check the phone number and network with the customer, then try again. If it fails again, try later.';

  it("keeps the provider's words and drops the codes and the bare 'Failed' around them", () => {
    expect(airtime('Provider answered failed (01): Failed: Subscriber barred')).toEqual({
      why: 'The provider said: Subscriber barred.',
      todo: CHECK_PHONE,
    });
    expect(airtime('Provider answered failed (01): Transaction failed: Insufficient telco balance').why).toBe(
      'The provider said: Insufficient telco balance.',
    );
    expect(airtime('Simulated failure (test number)').why).toBe(
      'The provider said: Simulated failure (test number).',
    );
  });

  it("never says a bare 'Failed.': a provider that gives no reason is said so, with what to check", () => {
    // What another VendPoint node answers as an upstream: response_message "Failed" and nothing else.
    for (const reason of [
      'Provider answered failed (01): Failed',
      'Provider answered failed (01)',
      'Failed',
      'Transaction failed.',
      '',
    ])
      expect(airtime(reason)).toEqual({ why: 'The provider gave no reason.', todo: CHECK_PHONE });
    expect(failureText('Provider answered failed (01): Failed', 'ELECTRICITY', 'transaction').todo).toBe(
      'Check the meter number with the customer, then try again. If it fails again, try later.',
    );
    expect(failureText('Provider answered failed (01)', 'giftcard', 'giftcard').todo).toBe(
      'Try again in a few minutes; if it fails again, tell your admin.',
    );
  });

  it('says each failure of the node itself in a sentence of its own', () => {
    const later = 'Try again in a few minutes. If it keeps failing, tell your admin.';
    expect(airtime('No upstream available for this product')).toEqual({
      why: 'No provider was available to sell it.',
      todo: later,
    });
    expect(airtime('Provider not reached, nothing sent (ECONNREFUSED): connect ECONNREFUSED')).toEqual({
      why: 'The provider could not be reached.',
      todo: later,
    });
    expect(airtime('Provider refused the request (HTTP 400): Invalid phone number')).toEqual({
      why: 'The provider refused it: Invalid phone number.',
      todo: CHECK_PHONE,
    });
    expect(airtime('Provider refused the request (HTTP 403)').why).toBe('The provider refused it.');
    expect(airtime('Not sent to acme: amount 0 kobo is not valid')).toEqual({
      why: 'The sale could not be sent to the provider.',
      todo: 'Tell your admin.',
    });
    expect(airtime('The provider has no record of this purchase').why).toBe(
      'The provider has no record of it.',
    );
    expect(airtime('resolved by operator: provider portal shows no such vend')).toEqual({
      why: 'An admin marked it as not delivered: provider portal shows no such vend.',
      todo: 'Sell it again if the customer still wants it.',
    });
  });
});
