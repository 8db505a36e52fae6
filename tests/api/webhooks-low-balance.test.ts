import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyAirtime, startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.js';
import { updateMerchant } from '../../server/store/merchants.js';
import { fundWallet, setLowBalanceThreshold } from '../../server/store/wallets.js';

/** Low-balance alerts: one e-mail to the report recipients per crossing, through the SMTP settings. */

let t: TestNode;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestNode({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('low-balance e-mail', () => {
  it('a purchase taking the wallet below its threshold sends one e-mail to the report recipients; the next purchase below it sends none', async () => {
    const m = t.merchant('LOWMAIL', { testNaira: 1_000 });
    updateMerchant(
      t.node.services.db,
      'LOWMAIL',
      { reportEmails: ['ops@lowmail.example', 'cfo@lowmail.example'] },
      'test',
    );
    setLowBalanceThreshold(t.node.services.db, {
      merchantId: m.id,
      merchantCode: 'LOWMAIL',
      env: 'test',
      thresholdKobo: 800_00,
      actor: 'test',
    });
    const buy = (key: string) => buyAirtime(t, key, { merchant_code: 'LOWMAIL', amount: '150' }, m.test);
    expect((await buy('lm-1')).status).toBe(200); // 850: above
    expect((await buy('lm-2')).status).toBe(200); // 700: below -> alert
    expect((await buy('lm-3')).status).toBe(200); // 550: still below, no repeat
    await eventually(
      async () => smtp.received.length,
      (n) => n >= 1,
    );
    await new Promise((r) => setTimeout(r, 1_500));
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.envelope.to.sort()).toEqual(['cfo@lowmail.example', 'ops@lowmail.example']);
    expect(mail.parsed.subject).toContain('LOWMAIL');
    expect(mail.parsed.text).toContain('Balance now: NGN 700.00');
    expect(mail.parsed.text).toContain('Threshold: NGN 800.00');

    // Saving a threshold again (the same, or a higher one) while still below is no new crossing.
    for (const thresholdKobo of [800_00, 900_00])
      setLowBalanceThreshold(t.node.services.db, {
        merchantId: m.id,
        merchantCode: 'LOWMAIL',
        env: 'test',
        thresholdKobo,
        actor: 'test',
      });
    expect((await buy('lm-3b')).status).toBe(200); // 400: still below, no repeat

    // Funded back to the threshold, then below again: a second alert.
    fundWallet(t.node.services.db, {
      merchantId: m.id,
      merchantCode: 'LOWMAIL',
      env: 'test',
      amountKobo: 500_00,
      reason: 'top-up',
      actor: 'test',
    });
    expect((await buy('lm-4')).status).toBe(200); // 900 -> 750: below -> alert
    expect((await buy('lm-5')).status).toBe(200); // 600: no repeat
    await eventually(
      async () => smtp.received.length,
      (n) => n >= 2,
    );
    expect(smtp.received[1].parsed.text).toContain('750.00');
    const events = t.node.services.db
      .prepare(`SELECT COUNT(*) FROM events WHERE merchant_id = ? AND type = 'wallet.low_balance'`)
      .pluck()
      .get(m.id);
    expect(events).toBe(2);
  });
});
