import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, type Db } from '../../server/store/db.js';
import { startSchedules, type ScheduleHandle } from '../../server/jobs/schedules.js';
import type { Services } from '../../server/services/context.js';

/**
 * node-cron waits for the clock to reach its next run's time, so a clock set back (NTP stepping a
 * PC's wrong clock) held every job for the length of the step; the schedules start again from
 * the new time (server/jobs/schedules.ts). Only Date is faked, and it runs on with real time.
 */
let dir: string | null = null;
let db: Db | null = null;
let handle: ScheduleHandle | null = null;
afterEach(async () => {
  await handle?.stop();
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  vi.useRealTimers();
});

describe('the schedules when the clock is set back two hours', () => {
  it('run again within seconds, not two hours later', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    dir = mkdtempSync(join(tmpdir(), 'vendpoint-schedules-clock-'));
    db = openDatabase(dir);
    migrate(db);
    // The schedules read the business timezone and start the pending poller.
    const s = { db, worker: { pollDue: async () => 0 } } as unknown as Services;
    let runs = 0;
    let wake: (() => void) | null = null;
    const nextRun = () => new Promise<void>((resolve) => (wake = resolve));
    const job = { expression: '* * * * * *', run: async () => (runs++, wake?.()) };
    const logged: string[] = [];
    const log = { error: () => {}, info: (_o: object, m: string) => logged.push(m) };
    let ran = nextRun();
    handle = startSchedules(s, log, { every_second: job });
    await ran;
    vi.setSystemTime(Date.now() - 2 * 3_600_000);
    const before = runs;
    ran = nextRun();
    await ran;
    expect(runs).toBeGreaterThan(before);
    expect(logged).toContain('the clock was set back: the schedules start again from the new time');
  }, 20_000);
});
