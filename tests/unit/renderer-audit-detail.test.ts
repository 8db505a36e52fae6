import { describe, expect, it } from 'vitest';
import { auditDetailText, words } from '../../renderer/src/lib/audit-detail.js';

describe('audit detail in words', () => {
  it('writes snake_case and camelCase keys as words, with IPs and URLs in capitals', () => {
    expect(words('base_url')).toBe('base URL');
    expect(words('allowIps')).toBe('allow IPs');
    expect(words('reportEmails')).toBe('report emails');
    expect(words('exception_id')).toBe('exception no.');
    expect(words('merchantId')).toBe('merchant no.');
    expect(words('size')).toBe('size');
  });

  it("reads a merchant's patch (camelCase) without JSON", () => {
    const text = auditDetailText({
      name: 'Corner Shop',
      allowIps: ['10.0.0.5', '10.0.0.6'],
      liveBills: [],
      reportTest: false,
    });
    expect(text).toBe('name Corner Shop · allow IPs 10.0.0.5, 10.0.0.6 · live bills none · report test no');
  });

  it('writes kobo in Naira and bytes in kB, whichever case the key is in', () => {
    expect(auditDetailText({ environment: 'live', amount_kobo: 500000, reason: 'top-up' })).toBe(
      'environment live · amount ₦5,000.00 · reason top-up',
    );
    expect(auditDetailText({ thresholdKobo: 250, size_bytes: 2048 })).toBe('threshold ₦2.50 · size 2 kB');
  });

  it('writes sizes in the decimal units the settings take, and a price term as a percentage', () => {
    // "Attach CSV up to 10 MB" is stored as 10,000,000 bytes: it reads back as typed.
    expect(auditDetailText({ max_attachment_bytes: 10_000_000 })).toBe('max attachment 10 MB');
    expect(auditDetailText({ max_attachment_bytes: 2_500_000 })).toBe('max attachment 2.5 MB');
    expect(auditDetailText({ size_bytes: 414_200 })).toBe('size 414 kB');
    expect(auditDetailText({ product: 'airtime', network: 'GLO', basis_points: -250 })).toBe(
      'product Airtime · network Glo · term −2.50 %',
    );
    expect(auditDetailText({ basis_points: 75 })).toBe('term +0.75 %');
  });

  it('reads nested objects as pairs instead of raw JSON', () => {
    const text = auditDetailText({
      type: 'vending-api',
      base_url: 'https://vend.example',
      routes: [
        { product: 'airtime', network: 'MTN' },
        { product: 'data', network: 'GLO' },
      ],
      options: { timeoutMs: 5000 },
    });
    expect(text).toBe(
      'type vending-api · base URL https://vend.example · routes Airtime on MTN, Data on Glo · options timeout ms 5000',
    );
    expect(text).not.toMatch(/[{}"]/);
  });

  it("names an upstream's routes as the sell screen does", () => {
    const routes = [
      { product: 'airtime', network: '' },
      { product: 'CABLE', network: 'GOTV' },
      { product: 'BETTING', network: '' },
      { product: 'giftcard', network: '' },
      { product: 'esim', network: '' },
    ];
    expect(auditDetailText({ routes })).toBe(
      'routes Airtime on every network, Cable TV on GOtv, Betting on every provider, Gift cards, eSIM',
    );
    // Only a product and its network make a route: other objects keep their key-value pairs.
    expect(auditDetailText({ options: { product: 'airtime', network: 'MTN', retries: 2 } })).toBe(
      'options product Airtime, network MTN, retries 2',
    );
  });

  it('leaves out empty values', () => {
    expect(auditDetailText({ reason: '', error: null, sent: true })).toBe('sent yes');
  });
});
