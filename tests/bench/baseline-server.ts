/**
 * The naive implementation the node is measured against: raw Fastify +
 * better-sqlite3, one purchase transaction per request (WAL, synchronous=FULL), plus a hello route.
 * Run as a child process: prints {"url"} once listening.
 */
import Fastify from 'fastify';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'vendpoint-baseline-'));
const db = new Database(join(dir, 'baseline.db'));
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${process.env.BASELINE_SYNC ?? 'FULL'}`);
db.exec(`
  CREATE TABLE wallets (id INTEGER PRIMARY KEY, balance_kobo INTEGER NOT NULL CHECK (balance_kobo >= 0));
  CREATE TABLE purchases (id INTEGER PRIMARY KEY, ref TEXT UNIQUE, idem_key TEXT UNIQUE, msisdn TEXT, amount_kobo INTEGER, state TEXT, created_at TEXT);
  CREATE TABLE ledger (id INTEGER PRIMARY KEY, wallet_id INTEGER, amount_kobo INTEGER, purchase_id INTEGER, created_at TEXT);
  INSERT INTO wallets (id, balance_kobo) VALUES (1, 100000000000);
`);
const insertPurchase = db.prepare(
  `INSERT INTO purchases (ref, idem_key, msisdn, amount_kobo, state, created_at) VALUES (?, ?, ?, ?, 'pending', ?)`,
);
const debit = db.prepare('UPDATE wallets SET balance_kobo = balance_kobo - ? WHERE id = 1');
const ledger = db.prepare(
  'INSERT INTO ledger (wallet_id, amount_kobo, purchase_id, created_at) VALUES (1, ?, ?, ?)',
);
const purchase = db.transaction((key: string, msisdn: string, kobo: number) => {
  const now = new Date().toISOString();
  const id = insertPurchase.run(randomUUID(), key, msisdn, kobo, now).lastInsertRowid;
  debit.run(kobo);
  ledger.run(-kobo, id, now);
  return id;
});

const app = Fastify({ logger: false });
app.post('/v1/transactions', async (request, reply) => {
  const b = request.body as { client_request_id: string; customer_msisdn: string; amount: string };
  try {
    purchase(b.client_request_id, b.customer_msisdn, Math.round(Number(b.amount) * 100));
  } catch {
    return reply.status(422).send({ status: 'error', code: 422, message: 'duplicate' });
  }
  return {
    status: 'pending',
    response_code: '02',
    response_message: 'Pending',
    data: { request_id: b.client_request_id },
  };
});
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(
  JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` }),
);
