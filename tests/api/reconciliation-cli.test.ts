import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReconcilePair, type ReconcilePair } from '../helpers/reconcile-pair.js';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.js';
import { runCliAsync } from '../helpers/cli.js';
import { runReconciliationSchedule } from '../../server/jobs/reconciliation-schedule.js';
import { listRuns } from '../../server/store/reconciliations.js';
import { addUpstream } from '../../server/store/upstreams.js';
import type { SeedRow } from '../helpers/reconcile-seed.js';
import { getPurchaseByReference } from '../../server/store/purchases.js';

const DAY = '2026-04-07';
const start = Date.parse('2026-04-06T23:00:00.000Z'); // 00:00 in Lagos
let pair: ReconcilePair;
let smtp: SmtpCapture;
let refs: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  pair = await startReconcilePair();
  const rows: SeedRow[] = Array.from({ length: 200 }, (_, i) => ({
    ours: 'success',
    theirs: i === 10 ? 'failed' : i === 20 ? null : 'success',
    amountKobo: 10_000,
    at: new Date(start + 60_000 + i * 60_000).toISOString(),
  }));
  refs = pair.seed(rows);
}, 60_000);
afterAll(async () => {
  await pair?.close();
  await smtp?.close();
});

const cli = (args: string[]) => runCliAsync(pair.ours.dataDir, ['--json', ...args]);

describe('reconcile CLI, e-mail and schedule', () => {
  it('reconcile run exits 1 with the open exceptions and e-mails the operator once per run', async () => {
    expect(
      (await cli(['reconcile', 'settings', '--email', 'ops@example.com', '--time', '03:15'])).json,
    ).toEqual({
      run_time: '03:15',
      operator_emails: ['ops@example.com'],
    });
    const r = await cli(['reconcile', 'run', '--date', DAY, '--smtp-url', smtp.url]);
    expect(r.status).toBe(1);
    expect(r.json.open_exceptions).toBe(2);
    expect(
      r.json.exceptions.map((e: { reference: string; kind: string }) => [e.reference, e.kind]).sort(),
    ).toEqual(
      [
        [refs[10], 'ours_success_theirs_failed'],
        [refs[20], 'ours_only'],
      ].sort(),
    );
    expect(r.json.runs[0]).toMatchObject({
      upstream: 'up',
      state: 'done',
      our_rows: 200,
      open_exceptions: 2,
    });
    expect(r.json.runs[0].counts.matched).toBe(198);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.envelope.to).toEqual(['ops@example.com']);
    expect(mail.parsed.subject).toContain(`reconciliation ${DAY} up: 2 exceptions`);
    expect(mail.parsed.text).toContain(`Reconciliation of ${DAY} with up: 2 exceptions to resolve.`);
    expect(mail.parsed.text).toContain(refs[10]);
    expect(mail.parsed.text).toContain('we say success, upstream says failed');
    // Each open one by the id `reconcile resolve --id` takes.
    for (const e of r.json.exceptions as { id: number; reference: string }[])
      expect(mail.parsed.text).toContain(`#${e.id}  ${e.reference}`);
    // Under each, whose sale it is and the request id the merchant quotes.
    const ours = getPurchaseByReference(pair.ours.node.services.db, refs[10])!;
    expect(mail.parsed.text).toMatch(
      new RegExp(
        `#\\d+  ${refs[10]}  .*\\n +\\S+ ${ours.environment}  .*${ours.msisdn}  request id ${ours.idemKey}`,
      ),
    );
    expect(mail.parsed.text).toContain('add --confirm');
  });

  it('reconcile list shows the run and the exceptions; resolve needs a reason and records who and why', async () => {
    const list = await cli(['reconcile', 'list', '--date', DAY, '--status', 'open']);
    expect(list.status).toBe(0);
    expect(list.json.runs).toHaveLength(1);
    const ids: number[] = list.json.exceptions.map((e: { id: number }) => e.id);
    expect(ids).toHaveLength(2);
    const noReason = await cli([
      'reconcile',
      'resolve',
      '--id',
      String(ids[0]),
      '--action',
      'settled_outside',
      '--reason',
      '',
    ]);
    expect(noReason.status).not.toBe(0);
    for (const id of ids) {
      const r = await cli([
        'reconcile',
        'resolve',
        '--id',
        String(id),
        '--action',
        'settled_outside',
        '--reason',
        'credited by the provider',
      ]);
      expect(r.status).toBe(0);
      expect(r.json).toMatchObject({
        status: 'resolved',
        resolution: 'settled_outside',
        resolved_reason: 'credited by the provider',
      });
      expect(r.json.resolved_by).toMatch(/^cli:/);
    }
  });

  it('with everything resolved, reconcile run exits 0 and sends no e-mail', async () => {
    const r = await cli(['reconcile', 'run', '--date', DAY, '--smtp-url', smtp.url]);
    expect(r.status).toBe(0);
    expect(r.json.open_exceptions).toBe(0);
    expect(smtp.received).toHaveLength(1);
    const ledger = await cli(['ledger', 'verify']);
    expect(ledger.json.ok).toBe(true);
  });

  it('the schedule reconciles yesterday once, from the configured time in the business timezone', async () => {
    const s = pair.ours.node.services;
    const log = { info: () => {}, warn: () => {} };
    const before = listRuns(s.db).length;
    // 03:14 in Lagos on the next day: not yet.
    const early = { ...s, now: () => Date.parse('2026-04-08T02:14:00.000Z') };
    expect(await runReconciliationSchedule(early, log, null)).toBeNull();
    // Two runs of the day exist (the CLI's): the schedule has nothing left for it.
    const late = { ...s, now: () => Date.parse('2026-04-08T02:16:00.000Z') };
    expect(await runReconciliationSchedule(late, log, null)).toEqual({ day: DAY, upstreams: [] });
    // The day after has none: it is run once, then not again.
    const next = { ...s, now: () => Date.parse('2026-04-09T02:16:00.000Z') };
    expect(await runReconciliationSchedule(next, log, null)).toEqual({
      day: '2026-04-08',
      upstreams: ['up'],
    });
    expect(await runReconciliationSchedule(next, log, null)).toEqual({ day: '2026-04-08', upstreams: [] });
    expect(listRuns(s.db).length).toBe(before + 1);
    expect(listRuns(s.db)[0]).toMatchObject({ day: '2026-04-08', actor: 'schedule', state: 'done' });
  });

  it('a day that has not ended is refused: a run of it would make the morning run skip it', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    const before = listRuns(pair.ours.node.services.db).length;
    for (const day of [today, '2099-01-01']) {
      const r = await cli(['reconcile', 'run', '--date', day]);
      expect(r.status, day).toBe(2);
      expect(r.json.error).toMatch(/has not ended yet in Africa\/Lagos/);
    }
    expect(listRuns(pair.ours.node.services.db).length).toBe(before);
  });

  it('a run that cannot finish (upstream down) e-mails the operator once per day and upstream', async () => {
    const s = pair.ours.node.services;
    // Nothing listens on port 1: every call is refused.
    addUpstream(
      s.db,
      s.box,
      {
        name: 'gone',
        type: 'vending-api',
        baseUrl: 'http://127.0.0.1:1',
        merchantCode: 'UP',
        keyId: 'vpk_live_x',
        secret: 'not-used',
        products: [],
      },
      'test',
    );
    const mailsBefore = smtp.received.length;
    const runGone = () =>
      cli(['reconcile', 'run', '--date', DAY, '--upstream', 'gone', '--smtp-url', smtp.url]);
    const first = await runGone();
    expect(first.status).not.toBe(0);
    expect(first.json.runs[0]).toMatchObject({
      upstream: 'gone',
      state: 'failed',
      mail: 'sent to ops@example.com',
    });
    // The answer is the run as stored: `reconcile list` shows the same run, finished when it failed.
    const listed = await cli(['reconcile', 'list']);
    const stored = listed.json.runs.find((r: { id: number }) => r.id === first.json.runs[0].id);
    expect(stored.finished_at).toEqual(expect.any(String));
    expect(first.json.runs[0].finished_at).toBe(stored.finished_at);
    expect(first.json.runs[0].error).toBe(stored.error);
    expect(smtp.received).toHaveLength(mailsBefore + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.parsed.subject).toBe(`VendPoint reconciliation ${DAY} gone: could not run`);
    expect(mail.parsed.text).toContain('the day is not reconciled yet');
    expect(mail.parsed.text).not.toContain('not-used');

    const again = await runGone();
    expect(again.json.runs[0]).toMatchObject({
      state: 'failed',
      mail: expect.stringMatching(/already had a failure/),
    });
    expect(smtp.received).toHaveLength(mailsBefore + 1);
    // In words, a failed run does not claim the day has nothing open: it compared nothing.
    const text = await runCliAsync(pair.ours.dataDir, [
      'reconcile',
      'run',
      '--date',
      DAY,
      '--upstream',
      'gone',
    ]);
    expect(text.stdout).toMatch(
      new RegExp(`^gone ${DAY}: failed \\(.+\\); 0 exceptions still open from earlier runs`, 'm'),
    );
  });
});
