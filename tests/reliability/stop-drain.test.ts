import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startNodeProcess, type NodeProcess } from '../helpers/node-process.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `ok`; the limit only stops a hung run from hanging the suite. */
async function until(what: string, ok: () => boolean, limitMs: number): Promise<void> {
  const end = Date.now() + limitMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await sleep(50);
  }
}

/** The longest --sync-wait: a node that waits it out is caught by the hang guard below, far short of it. */
const SYNC_WAIT_S = 300;
const HANG_GUARD_MS = 150_000;

function saleBody(key: string) {
  return JSON.stringify({
    merchant_code: 'DEMO',
    // The simulator answers pending, then success at its first status check (10 s after the send).
    customer_msisdn: '08030000002',
    network: 'mtn',
    amount: '100',
    client_request_id: key,
  });
}

/**
 * SIGTERM while a sync sale waits on a provider that answered pending (operations review M2):
 * the node keeps its pending poller running while it drains, so the held client gets the
 * provider's final answer and the node exits then, not after the whole --sync-wait; a request
 * arriving on an open connection meanwhile gets the API's 503 with Retry-After, nothing charged.
 */
describe('stopping with a held sync sale', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-drain-'));
  let node: NodeProcess | null = null;
  afterAll(async () => {
    if (node) await node.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the held sale with its final outcome, refuses new requests in the error body, and exits', async () => {
    node = await startNodeProcess({
      dataDir,
      args: ['--rate-limit', '0', '--sync-wait', String(SYNC_WAIT_S)],
      schedules: true, // the pending poller settles the held sale
      env: { VENDPOINT_LOG_LEVEL: 'info', VENDPOINT_LOG_FORMAT: 'json', VENDPOINT_REQUERY_SCALE: undefined },
      readyWhen: /X-Merchant-Secret: \S+/,
    });
    const { url, port, exited, output } = node;
    const key = /X-Merchant-Key:\s+(\S+)/.exec(output())![1];
    const secret = /X-Merchant-Secret:\s+(\S+)/.exec(output())![1];
    const headers = {
      'content-type': 'application/json',
      'x-merchant-key': key,
      'x-merchant-secret': secret,
    };

    const held = request(`${url}/v1/transactions/airtime/sync`, {
      method: 'POST',
      headers,
      body: saleBody('drain-held'),
      headersTimeout: 0,
      bodyTimeout: 0,
    }).then(async (r) => ({
      status: r.statusCode,
      connection: r.headers.connection,
      json: (await r.body.json()) as any,
    }));
    const db = new Database(join(dataDir, 'vendpoint.db'), { readonly: true, fileMustExist: true });
    const sale = (k: string) =>
      db
        .prepare(
          `SELECT p.state, j.state AS job, (SELECT COUNT(*) FROM ledger_entries l WHERE l.purchase_id = p.id AND l.kind = 'debit') AS debits
           FROM purchases p JOIN vend_jobs j ON j.purchase_id = p.id WHERE p.idem_key = ?`,
        )
        .get(k) as { state: string; job: string; debits: number } | undefined;
    // The provider has answered "pending": only a status check can settle it now.
    await until('the sale pending at its provider', () => sale('drain-held')?.job === 'polling', 30_000);
    expect(sale('drain-held')).toMatchObject({ state: 'pending', debits: 1 });

    // A keep-alive client whose next request is on the wire when the node starts stopping.
    const late = net.connect(port, '127.0.0.1');
    let lateAnswer = '';
    late.on('data', (c: Buffer) => (lateAnswer += c.toString()));
    const lateClosed = new Promise<void>((r) => late.once('close', () => r()));
    await new Promise<void>((r) => late.once('connect', () => r()));
    const body = saleBody('drain-late');
    late.write(
      `POST /v1/transactions/airtime/sync HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `X-Merchant-Key: ${key}\r\nX-Merchant-Secret: ${secret}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`,
    );

    node.child.kill('SIGTERM');
    await until('the drain to be announced', () => /waiting for 1 held sale/.test(output()), 30_000);
    late.write(`\r\n${body}`);
    await lateClosed;
    const [head, lateJson] = lateAnswer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(JSON.parse(lateJson)).toEqual({
      status: 'error',
      code: 503,
      message: 'The node is stopping: nothing was stored or charged; retry after 5 s',
    });

    const guard = sleep(HANG_GUARD_MS).then(() => 'waited for the whole --sync-wait' as const);
    const answer = await Promise.race([held, guard]);
    expect(answer).not.toBe('waited for the whole --sync-wait');
    // The provider's answer reached the client while the node drained: final, not 02.
    expect(answer).toMatchObject({ status: 200, json: { response_code: '00' } });
    // Its keep-alive connection is closed with the answer, not left to hold the stop for 72 s.
    expect(answer).toMatchObject({ connection: 'close' });
    expect(await Promise.race([exited, guard])).toBe(0);
    node = null;
    expect(output().indexOf('waiting for 1 held sale')).toBeLessThan(output().indexOf('node stopped'));

    expect(sale('drain-held')).toMatchObject({ state: 'success', debits: 1 });
    expect(sale('drain-late')).toBeUndefined();
    db.close();
    expect(runCli(dataDir, ['--json', 'ledger', 'verify']).json).toMatchObject({ ok: true, problems: [] });
  }, 240_000);
});
