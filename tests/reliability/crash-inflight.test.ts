import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { spawnFaultUpstream, type FaultChild } from './fault-child.js';
import { CODE, prepareDataDir, startNodeChild } from './crash-run.js';
import { requestOf } from './live-node.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** VENDPOINT_REQUERY_SCALE=0.01 in startNodeChild: the 2-minute not-found grace becomes 1.2 s. */
const GRACE_MS = 1_200;
const LIMIT = 5;

async function until(what: string, ok: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * kill -9 with 100 purchases in flight against a slow upstream and `--max-in-flight 5`: only
 * five were ever started, the rest waited queued; after the restart every purchase is final
 * within grace + 30 s, none reached the upstream twice, and the ledger verifies.
 */
describe('crash with 100 purchases in flight and an in-flight limit', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-inflight-'));
  let fault: FaultChild | null = null;
  let node: Awaited<ReturnType<typeof startNodeChild>> | null = null;
  afterAll(async () => {
    if (node) await node.stop('SIGKILL');
    await fault?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves at most the limit started, and every purchase final within grace + 30 s of the restart, none sent twice, ledger ok', async () => {
    fault = await spawnFaultUpstream();
    await fault.control({ mode: 'slow', slowMs: 60_000 }); // nothing is answered before the kill
    const pair = prepareDataDir(dataDir, fault.url);
    node = await startNodeChild(dataDir, ['--max-in-flight', String(LIMIT)]);
    // The shortened grace is said at start, so it is not left on by mistake for live sales.
    expect(node.output()).toMatch(/VENDPOINT_REQUERY_SCALE=0\.01: .* not for live sales/);

    const keys = Array.from({ length: 100 }, (_, i) => `inflight-${i}`);
    const answers = await Promise.all(
      keys.map(async (key) => {
        const { path, body } = requestOf('data', CODE, key);
        const res = await request(`${node!.url}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-merchant-key': pair.key,
            'x-merchant-secret': pair.secret,
          },
          body: JSON.stringify(body),
        });
        const json = (await res.body.json()) as { response_code?: string };
        return `${res.statusCode}/${json.response_code}`;
      }),
    );
    expect(new Set(answers)).toEqual(new Set(['200/02'])); // async: answered at once, limit or not
    await until(
      'the limit reached at the upstream',
      async () => (await fault!.stats()).vendsInFlight === LIMIT,
      20_000,
    );
    await sleep(300); // room for a vend beyond the limit to show up, were there one

    const db = new Database(join(dataDir, 'vendpoint.db'), { readonly: true, fileMustExist: true });
    const jobStates = () =>
      Object.fromEntries(
        (
          db.prepare(`SELECT state, COUNT(*) AS n FROM vend_jobs GROUP BY state`).all() as {
            state: string;
            n: number;
          }[]
        ).map((r) => [r.state, r.n]),
      );
    expect(jobStates()).toEqual({ vend_started: LIMIT, queued: 100 - LIMIT });
    expect((await fault.stats()).maxVendsInFlight).toBe(LIMIT);

    await node.stop('SIGKILL');
    await fault.control({ mode: 'ok' });
    node = await startNodeChild(dataDir, ['--max-in-flight', String(LIMIT)]);
    const restarted = Date.now();
    const pending = () =>
      (db.prepare(`SELECT COUNT(*) AS n FROM purchases WHERE state = 'pending'`).get() as { n: number }).n;
    await until('every purchase final', () => pending() === 0, GRACE_MS + 30_000);
    const settledInMs = Date.now() - restarted;
    console.log(`in-flight crash: all 100 final ${settledInMs} ms after the restart`);

    const rows = db
      .prepare(
        `SELECT p.internal_reference AS ref, p.state, SUM(l.kind = 'debit') AS debits, SUM(l.kind = 'refund') AS refunds
         FROM purchases p LEFT JOIN ledger_entries l ON l.purchase_id = p.id GROUP BY p.id`,
      )
      .all() as { ref: string; state: string; debits: number; refunds: number }[];
    db.close();
    const stats = await fault.stats();
    expect(rows).toHaveLength(100);
    expect(Math.max(...Object.values(stats.vendCalls))).toBe(1);
    expect(stats.maxVendsInFlight).toBeLessThanOrEqual(LIMIT);
    for (const r of rows) {
      // The slow upstream recorded every vend it received: those are successes, the rest never arrived.
      if (stats.vendCalls[r.ref]) expect(r).toMatchObject({ state: 'success', debits: 1, refunds: 0 });
      else expect(r).toMatchObject({ state: 'failed', debits: 1, refunds: 1 });
    }
    expect(rows.filter((r) => r.state === 'success')).toHaveLength(100);
    await node.stop();
    node = null;
    const ledger = runCli(dataDir, ['--json', 'ledger', 'verify']);
    expect(ledger.json).toMatchObject({ ok: true });
  }, 120_000);
});
