/**
 * Records the node's answers to a fixed script of requests, so a refactor can prove that every
 * answer stayed the same: run it on the build before and the build after, then diff the files.
 *
 *   npx tsx tests/golden/record-answers.ts --out /tmp/before.jsonl
 *   npx tsx tests/golden/record-answers.ts --out /tmp/after.jsonl
 *   diff /tmp/before.jsonl /tmp/after.jsonl
 *
 * Without --out it rewrites the committed baseline `answers.jsonl`, which a test compares with the
 * running build: a change of answer shows up as a failing test and, once intended, as a diff of
 * that file in the commit that makes it.
 *
 * Values that differ on every run (UUIDs, times, credentials, tokens of the session) are replaced
 * by placeholders; everything else (status, content type, body bytes) is recorded as sent.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startTestNode, eventually, type Pair, type TestNode } from '../helpers/test-node.js';
import { consoleCall, setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';

/** The committed answers of the current build; `tests/api/golden-answers.test.ts` compares with it. */
export const BASELINE = fileURLToPath(new URL('answers.jsonl', import.meta.url));

interface Step {
  label: string;
  method: string;
  path: string;
  body?: unknown;
  pair?: Pair | null;
  console?: boolean;
  /** Polls until the answer is no longer pending (async purchases). */
  settle?: boolean;
}

const PLACEHOLDERS: [RegExp, string][] = [
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>'],
  [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<iso-time>'],
  [/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/g, '<time>'],
  [/\d{4}-\d{2}-\d{2}/g, '<date>'],
  [/vp[ks]_(test|live)_[A-Za-z0-9_-]+/g, '<credential>'],
  [/"csrf_token":"[^"]+"/g, '"csrf_token":"<csrf>"'],
  [/"uptime_s":\d+/g, '"uptime_s":<n>'],
  // Simulator references and voucher codes are random per sale.
  [/\b(SIM|GC-|ES-|TEST-)[0-9A-F-]{8,}\b/g, '$1<random>'],
  [/"iccid":"\d+"/g, '"iccid":"<iccid>"'],
  [/"pin_code":"\d+"/g, '"pin_code":"<pin>"'],
];

function normalise(text: string): string {
  return PLACEHOLDERS.reduce((t, [re, to]) => t.replace(re, to), text);
}

const demoTx = (extra: Record<string, unknown>) => ({ merchant_code: 'DEMO', ...extra });

function script(extPair: Pair): Step[] {
  const v1: Step[] = [
    { label: 'healthz', method: 'GET', path: '/v1/healthz', pair: null },
    { label: 'balance', method: 'GET', path: '/v1/wallet/balance' },
    { label: 'no credentials', method: 'GET', path: '/v1/wallet/balance', pair: null },
    {
      label: 'wrong secret',
      method: 'GET',
      path: '/v1/wallet/balance',
      pair: { key: extPair.key, secret: 'vps_test_wrong' },
    },
    {
      label: 'airtime async',
      method: 'POST',
      path: '/v1/transactions',
      body: demoTx({
        customer_msisdn: '08031234567',
        network: 'mtn',
        product: 'airtime',
        amount: '100',
        client_request_id: 'g-air-1',
      }),
    },
    {
      label: 'airtime status',
      method: 'GET',
      path: '/v1/transactions/status?client_request_id=g-air-1',
      settle: true,
    },
    {
      label: 'airtime reused key',
      method: 'POST',
      path: '/v1/transactions',
      body: demoTx({
        customer_msisdn: '08031234567',
        network: 'mtn',
        product: 'airtime',
        amount: '100',
        client_request_id: 'g-air-1',
      }),
    },
    {
      label: 'airtime bad amount',
      method: 'POST',
      path: '/v1/transactions',
      body: demoTx({
        customer_msisdn: '08031234567',
        network: 'mtn',
        product: 'airtime',
        amount: '10.123',
        client_request_id: 'g-air-2',
      }),
    },
    {
      label: 'airtime amount as number',
      method: 'POST',
      path: '/v1/transactions',
      body: demoTx({
        customer_msisdn: '08031234567',
        network: 'mtn',
        product: 'airtime',
        amount: 100,
        client_request_id: 'g-air-3',
      }),
    },
    {
      label: 'airtime sync',
      method: 'POST',
      path: '/v1/transactions/airtime/sync',
      body: demoTx({
        customer_msisdn: '08051234567',
        network: 'GLO',
        amount: '200',
        client_request_id: 'g-air-4',
      }),
    },
    {
      label: 'data async',
      method: 'POST',
      path: '/v1/transactions/data/async',
      body: demoTx({
        customer_msisdn: '08051234567',
        network: 'GLO',
        amount: '',
        plan_code: 'GLO-105',
        client_request_id: 'g-data-1',
      }),
    },
    { label: 'data plans MTN', method: 'GET', path: '/v1/plans/MTN' },
    { label: 'data plans unknown', method: 'GET', path: '/v1/plans/NOPE' },
    { label: 'bill plans electricity', method: 'GET', path: '/v1/plans/bills/ELECTRICITY' },
    {
      label: 'verify meter',
      method: 'POST',
      path: '/v1/transactions/verify',
      body: demoTx({ customer_msisdn: '10000000001', network: 'Ikeja Electric', plan_code: '101' }),
    },
    {
      label: 'electricity',
      method: 'POST',
      path: '/v1/transactions',
      body: demoTx({
        customer_msisdn: '10000000001',
        network: 'Ikeja Electric',
        product: 'ELECTRICITY',
        amount: '1000',
        plan_code: '101',
        client_request_id: 'g-elec-1',
      }),
    },
    {
      label: 'electricity status',
      method: 'GET',
      path: '/v1/transactions/status?client_request_id=g-elec-1',
    },
    { label: 'status unknown', method: 'GET', path: '/v1/transactions/status?client_request_id=none' },
    { label: 'list', method: 'GET', path: '/v1/transactions?page=1&limit=10' },
    { label: 'list filtered', method: 'GET', path: '/v1/transactions?status=0&network=mtn' },
    { label: 'list bad page', method: 'GET', path: '/v1/transactions?page=0' },
    { label: 'list bad status', method: 'GET', path: '/v1/transactions?status=7' },
    { label: 'giftcard catalog', method: 'GET', path: '/v1/giftcards/catalog?brand=Steam&currency=USD' },
    { label: 'giftcard quote', method: 'GET', path: '/v1/giftcards/plans/5001/quote' },
    {
      label: 'giftcard availability',
      method: 'GET',
      path: '/v1/giftcards/plans/5001/availability?quantity=2',
    },
    {
      label: 'giftcard order',
      method: 'POST',
      path: '/v1/giftcards/orders',
      body: { request_id: 'g-gc-1', plan_id: 5001, quantity: 2 },
    },
    { label: 'giftcard order read', method: 'GET', path: '/v1/giftcards/orders/g-gc-1' },
    {
      label: 'giftcard order bad quantity',
      method: 'POST',
      path: '/v1/giftcards/orders',
      body: { request_id: 'g-gc-2', plan_id: 5001, quantity: 9 },
    },
    { label: 'esim catalog', method: 'GET', path: '/v1/esim/catalog?country=GB' },
    { label: 'esim plan', method: 'GET', path: '/v1/esim/plans/ESIM-GB-5GB-30D' },
    { label: 'esim quote', method: 'GET', path: '/v1/esim/plans/ESIM-GB-5GB-30D/quote' },
    {
      label: 'esim order',
      method: 'POST',
      path: '/v1/esim/orders',
      body: { request_id: 'g-es-1', plan_id: 'ESIM-GB-5GB-30D' },
    },
    { label: 'esim order read', method: 'GET', path: '/v1/esim/orders/g-es-1', settle: true },
    {
      label: 'esim unknown plan',
      method: 'POST',
      path: '/v1/esim/orders',
      body: { request_id: 'g-es-2', plan_id: 'NOPE' },
    },
  ];
  const ext: Step[] = [
    {
      label: 'ext cable',
      method: 'POST',
      path: '/ext/service/v1/transactions',
      body: demoTx({
        product: 'CABLE',
        network: 'DSTV',
        customer_msisdn: '10000000010',
        plan_code: '201',
        amount: '4400',
        client_request_id: 'g-ext-1',
      }),
    },
    {
      label: 'ext status path',
      method: 'GET',
      path: '/ext/service/v1/transactions/status/g-ext-1',
      settle: true,
    },
    { label: 'ext plans', method: 'GET', path: '/ext/service/v1/plans/GLO' },
    { label: 'internal plans', method: 'GET', path: '/plans/MTN' },
    {
      label: 'internal create',
      method: 'POST',
      path: '/transactions',
      body: demoTx({
        customer_msisdn: '08031234567',
        network: 'MTN',
        product: 'data',
        amount: '',
        plan: 'MTN-101',
        client_request_id: 'g-int-1',
      }),
    },
  ];
  return [...v1, ...ext];
}

const consoleScript: Step[] = [
  { label: 'console session', method: 'GET', path: '/console/session', console: true },
  { label: 'console wallets', method: 'GET', path: '/console/wallets', console: true },
  { label: 'console ledger', method: 'GET', path: '/console/wallets/test/ledger', console: true },
  { label: 'console data plans', method: 'GET', path: '/console/plans/data/MTN', console: true },
  { label: 'console bill plans', method: 'GET', path: '/console/plans/bills/CABLE', console: true },
  {
    label: 'console sell',
    method: 'POST',
    path: '/console/sell',
    console: true,
    body: {
      product: 'ELECTRICITY',
      network: 'IBEDC',
      plan_code: '107',
      customer_msisdn: '10000000001',
      amount: '2095',
      client_request_id: 'g-con-0001',
    },
  },
  { label: 'console purchases', method: 'GET', path: '/console/purchases', console: true },
  { label: 'console purchases csv', method: 'GET', path: '/console/purchases.csv', console: true },
  { label: 'console giftcards', method: 'GET', path: '/console/giftcards?brand=Steam', console: true },
  { label: 'console esim', method: 'GET', path: '/console/esim?country=GB', console: true },
  { label: 'admin merchants', method: 'GET', path: '/console/admin/merchants', console: true },
  { label: 'admin merchant', method: 'GET', path: '/console/admin/merchants/DEMO', console: true },
  { label: 'admin dashboard', method: 'GET', path: '/console/admin/dashboard', console: true },
  { label: 'admin upstreams', method: 'GET', path: '/console/admin/upstreams', console: true },
  { label: 'admin users', method: 'GET', path: '/console/admin/users', console: true },
  { label: 'admin attention', method: 'GET', path: '/console/admin/attention', console: true },
  { label: 'admin ledger verify', method: 'GET', path: '/console/admin/ledger/verify', console: true },
  { label: 'admin pricing', method: 'GET', path: '/console/admin/merchants/DEMO/pricing', console: true },
  { label: 'admin catalogs data', method: 'GET', path: '/console/admin/catalogs/data', console: true },
  { label: 'admin audit', method: 'GET', path: '/console/admin/audit', console: true },
  { label: 'reports', method: 'GET', path: '/console/reports', console: true },
  { label: 'report settings', method: 'GET', path: '/console/report-settings', console: true },
];

async function answer(t: TestNode, admin: ConsoleClient, step: Step) {
  const once = async () => {
    if (step.console) {
      const r = await admin.call(step.method, step.path, step.body);
      return { status: r.status, headers: r.headers, text: r.text, json: r.json };
    }
    return t.call(step.method, step.path, { body: step.body, pair: step.pair });
  };
  if (!step.settle) return once();
  return eventually(once, (r) => !/"(response_code|status)":"(02|pending)"/.test(r.text));
}

/** The answers of the whole script, one normalised JSON line each, on a fresh node. */
export async function recordAnswers(): Promise<string[]> {
  const t = await startTestNode();
  try {
    const admin = await setupFirstAdmin(t.url, 'golden', 'golden-password-1');
    const lines: string[] = [];
    for (const step of [...script(t.demo), ...consoleScript]) {
      const r = await answer(t, admin, step);
      const type = String(r.headers['content-type'] ?? '');
      const body = normalise(r.text).slice(0, 20_000);
      lines.push(JSON.stringify({ label: step.label, status: r.status, type, body }));
    }
    // A request the console makes before anyone signs in.
    const status = await consoleCall(t.url, 'GET', '/console/status');
    lines.push(
      JSON.stringify({ label: 'console status', status: status.status, body: normalise(status.text) }),
    );
    return lines;
  } finally {
    await t.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const out = values.out ?? BASELINE;
  const lines = await recordAnswers();
  writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${lines.length} answers written to ${out}`);
}
