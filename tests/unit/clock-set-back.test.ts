import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../server/store/bootstrap.js';
import { catalogDir } from '../../server/store/catalog.js';
import { resourcesDir } from '../../server/resources.js';
import type { Db } from '../../server/store/db.js';
import type { SecretBox } from '../../server/store/secret-box.js';
import { fundWallet, getWallet } from '../../server/store/wallets.js';
import { getMerchantByCode, type Merchant } from '../../server/store/merchants.js';
import { ledgerPages } from '../../server/store/admin-queries.js';
import { ledgerWindow } from '../../server/store/report-queries.js';
import { sendReport, silentLog } from '../../server/reports/delivery-service.js';
import { getReportSettings } from '../../server/reports/report-settings.js';
import { dayWindow } from '../../server/domain/business-days.js';
import { createConsoleUser } from '../../server/store/console-users.js';
import { createPurchase } from '../../server/store/purchase-create.js';
import { closeCashup, previewCashup } from '../../server/services/admin-cashup.js';
import type { Services } from '../../server/services/context.js';
import { DEFAULTS } from '../../server/config.js';
import { airtimePurchase } from '../helpers/test-store.js';
import { MAX_STAMP_HOLD_MS, onStampsFollowClock } from '../../server/store/stamp-clock.js';

/**
 * A point-of-sale PC's clock set back (NTP correcting it, or a restart with the clock reset):
 * the books keep their order, their days and their balances (server/store/stamp-clock.ts).
 * Only Date is faked: the monotonic clock runs on.
 */
let dir: string;
let db: Db;
let box: SecretBox;
let demo: Merchant;

const at = (iso: string) => vi.setSystemTime(Date.parse(iso));
const open = () => {
  ({ db, box } = openStore(dir, catalogDir(resourcesDir())));
  demo = getMerchantByCode(db, 'DEMO')!;
};
const fund = (naira: number) =>
  fundWallet(db, {
    merchantId: demo.id,
    merchantCode: 'DEMO',
    env: 'live',
    amountKobo: naira * 100,
    reason: 'cash paid in at the desk',
    actor: 'test',
  });
const liveLedger = (pageSize = 2) =>
  [
    ...ledgerPages(
      db,
      getWallet(db, demo.id, 'live').id,
      '2026-01-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      pageSize,
    ),
  ].flat();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  at('2026-03-10T10:00:00.000Z');
  dir = mkdtempSync(join(tmpdir(), 'vendpoint-clock-set-back-'));
  open();
});
afterEach(() => {
  db.close();
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

/** Each entry's balance is the one before it plus its amount, and no stamp goes back. */
function expectRunningBalance(
  rows: { amount_kobo: number; balance_after_kobo: number; created_at: string }[],
) {
  for (let i = 1; i < rows.length; i++) {
    expect(rows[i].balance_after_kobo).toBe(rows[i - 1].balance_after_kobo + rows[i].amount_kobo);
    expect(rows[i].created_at >= rows[i - 1].created_at).toBe(true);
  }
}

describe('a clock set back while the node runs', () => {
  it('keeps the ledger export in the order the money moved, its running balance unbroken across pages', () => {
    fund(100);
    fund(200);
    at('2026-03-10T09:05:00.000Z'); // NTP takes the clock back 55 minutes
    fund(50);
    fund(25);
    const rows = liveLedger(2);
    expect(rows.map((r) => r.amount_kobo)).toEqual([10_000, 20_000, 5_000, 2_500]);
    expectRunningBalance(rows);
    expect(rows.at(-1)!.balance_after_kobo).toBe(getWallet(db, demo.id, 'live').balanceKobo);
  });

  it("keeps the day's opening balance, movements and closing balance adding up", () => {
    fund(100);
    at('2026-03-10T09:30:00.000Z');
    fund(40);
    const day = dayWindow('2026-03-10', 'Africa/Lagos');
    const w = ledgerWindow(db, demo.id, 'live', day.from, day.to);
    expect(w.openingKobo + w.movements.funding).toBe(w.closingKobo);
    expect(w.closingKobo).toBe(14_000);
  });

  /** Sends DEMO's live report of the 10th through `on` (the node's database or the CLI's). */
  async function reportTenth(on: { db: Db; box: SecretBox }) {
    const sent = await sendReport(
      { ...on, flagSmtpUrl: null, now: Date.now, nodeUrl: null, log: silentLog },
      {
        merchant: { ...demo, reportEmails: ['owner@example.com'] },
        environment: 'live',
        day: '2026-03-10',
        mode: 'scheduled',
        settings: getReportSettings(on.db, on.box),
        transport: {
          description: 'test',
          close: () => {},
          send: async () => ({ accepted: ['owner@example.com'], rejected: [], messageId: '<m@test>' }),
        },
      },
    );
    expect(sent.sent).toBe(true);
  }

  /** The live fundings stamped on the 10th and on the 11th, in Lagos. */
  function fundingsOfTenthAndEleventh(): number[] {
    const timezone = getReportSettings(db, box).timezone;
    return ['2026-03-10', '2026-03-11'].map((day) => {
      const w = dayWindow(day, timezone);
      return ledgerWindow(db, demo.id, 'live', w.from, w.to).movements.funding;
    });
  }

  it('puts nothing into a day whose report has gone out', async () => {
    at('2026-03-10T22:50:00.000Z'); // 23:50 in Lagos
    fund(100);
    at('2026-03-10T23:30:00.000Z'); // 00:30 on the 11th: the 10th is reported
    await reportTenth({ db, box });
    at('2026-03-10T22:55:00.000Z'); // the clock is set back to 23:55 on the 10th
    fund(30);
    expect(fundingsOfTenthAndEleventh()).toEqual([10_000, 3_000]);
  });

  it('puts nothing into a day whose report the CLI sent while the node ran', async () => {
    at('2026-03-10T22:50:00.000Z'); // 23:50 in Lagos
    fund(100);
    at('2026-03-10T23:30:00.000Z'); // 00:30 on the 11th: `report run --send` in another process
    const cli = openStore(dir, catalogDir(resourcesDir()));
    await reportTenth(cli);
    cli.db.close();
    at('2026-03-10T22:55:00.000Z'); // the clock is set back to 23:55 on the 10th
    fund(30);
    expect(fundingsOfTenthAndEleventh()).toEqual([10_000, 3_000]);
  });
  it("puts a sale made after the clock was set back into the agent's next cash-up", () => {
    // The monotonic clock faked too: the books' time while held is read off it, not off how
    // fast this machine runs the test.
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    // Cash-ups read the database, the node's clock and the sync wait (for sales failed after it).
    const s = { db, now: () => Date.now(), config: DEFAULTS } as unknown as Services;
    const agent = createConsoleUser(
      db,
      { merchantId: demo.id, username: 'desk1', role: 'agent', passwordHash: 'x' },
      'test',
    );
    const sell = (key: string) =>
      db.transaction(() => createPurchase(db, airtimePurchase(demo.id, key, { agentUserId: agent.id })))();
    sell('before');
    at('2026-03-10T10:05:00.000Z');
    closeCashup(s, agent.id, 'test', { countedKobo: 10_000, note: '' }, 'admin');
    at('2026-03-10T09:10:00.000Z'); // 55 minutes back, after the shift was closed
    sell('after');
    vi.advanceTimersByTime(60_000); // the agent cashes up a minute later
    const next = previewCashup(s, agent.id, 'test');
    expect(next.by_status.pending.count + next.by_status.success.count).toBe(1);
  });
});

describe('a clock set back while the node runs, as time goes on', () => {
  /** Date and the monotonic clock both faked: a step moves Date only, time passing moves both. */
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  });
  /** A desk that takes ₦1 every five minutes, `times` times. */
  const fundEveryFiveMinutes = (times: number) => {
    for (let i = 0; i < times; i++) {
      vi.advanceTimersByTime(5 * 60_000);
      fund(1);
    }
  };

  it('stamps a busy desk by the clock again within twice the step, not the step ahead for as long as it runs', () => {
    at('2026-03-10T10:00:00.000Z');
    fund(100);
    at('2026-03-10T09:30:00.000Z'); // NTP takes the clock back 30 minutes
    fundEveryFiveMinutes(13);
    const rows = liveLedger();
    expectRunningBalance(rows);
    expect(rows.at(-1)!.created_at).toBe('2026-03-10T10:35:00.000Z');
  });

  it('comes back to the clock after a clock set ahead by mistake and corrected within the hour', () => {
    at('2026-03-10T10:00:00.000Z');
    fund(100);
    at('2026-03-10T10:40:00.000Z'); // the desk's clock set 40 minutes ahead by mistake
    fund(50);
    at('2026-03-10T10:01:00.000Z'); // and set right
    fundEveryFiveMinutes(18);
    const rows = liveLedger();
    expectRunningBalance(rows);
    expect(rows.at(-1)!.created_at).toBe('2026-03-10T11:31:00.000Z');
  });
});

describe('a clock set back further than the hold while the node runs', () => {
  it('stamps by the clock again: a wrong date set ahead and corrected does not date every sale ahead', () => {
    const told: number[] = [];
    onStampsFollowClock(db, (aheadMs) => told.push(aheadMs));
    at('2027-03-10T10:00:00.000Z'); // a year typed wrong at the desk
    fund(100);
    at('2026-03-10T10:30:00.000Z'); // and set right
    fund(10);
    // The wrongly dated funding stays in 2027 (outside this year's window); the next is dated right.
    expect(liveLedger().map((r) => [r.amount_kobo, r.created_at])).toEqual([
      [1_000, '2026-03-10T10:30:00.000Z'],
    ]);
    expect(told).toHaveLength(1);
  });
});

describe('a node started again under an earlier clock', () => {
  it('stamps its records after the latest the books hold', () => {
    fund(100);
    const last = liveLedger().at(-1)!.created_at;
    db.close();
    at('2026-03-10T09:05:00.000Z'); // restarted with the clock 55 minutes behind
    open();
    fund(10);
    const rows = liveLedger();
    expect(rows.at(-1)!.created_at >= last).toBe(true);
    expectRunningBalance(rows);
  });

  it('goes by a clock further behind than the hold, and says so', () => {
    fund(100);
    db.close();
    at('2026-03-10T08:59:00.000Z'); // 61 minutes behind: a clock set ahead, now corrected
    open();
    const told: number[] = [];
    onStampsFollowClock(db, (aheadMs) => told.push(aheadMs));
    fund(10);
    expect(liveLedger().find((r) => r.amount_kobo === 1_000)!.created_at).toBe('2026-03-10T08:59:00.000Z');
    expect(told).toHaveLength(1);
    expect(told[0]).toBeGreaterThan(MAX_STAMP_HOLD_MS);
    fund(5); // once the books follow the clock, nothing more to say
    expect(told).toHaveLength(1);
  });

  it('stamps by the computer clock while it is ahead of the books', () => {
    fund(100);
    at('2026-03-10T12:00:00.000Z');
    fund(10);
    expect(liveLedger().at(-1)!.created_at).toBe('2026-03-10T12:00:00.000Z');
  });
});
