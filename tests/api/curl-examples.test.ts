import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlShell, type CurlShell } from '../helpers/curl-run.js';
import { checkExample, checkRunsCleanly, type ExampleContext } from '../helpers/doc-example-check.js';
import { docExamples, type DocExample } from '../helpers/doc-examples.js';
import { airtimeSale, eventually, startTestNode, type TestNode } from '../helpers/test-node.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

// docs/curl-examples.md is what an integrator copies from first. Each of its commands runs here
// with the real curl, as written but for the placeholders, and each answer is compared with the
// one shown beneath it (masked keys in tests/helpers/shown-json.ts).
const DOC = 'docs/curl-examples.md';
const doc = readFileSync(DOC, 'utf8');
const examples = docExamples(doc);

function lineOf(marker: string): number {
  const n = doc.split('\n').findIndex((l) => l.includes(marker));
  if (n < 0) throw new Error(`${DOC} no longer says "${marker}": the test splits the document there`);
  return n + 1;
}
// The document ran its webhook round trip on a fresh node of its own, and its endpoint
// management on a third ("a second run"): each part runs here on a fresh node too.
const roundTripAt = lineOf('## Webhooks: a round trip');
const secondRunAt = lineOf('came from a second run');
const inRange = (from: number, to: number) => examples.filter((e) => e.line > from && e.line < to);

let shell: CurlShell;
beforeAll(() => {
  shell = curlShell();
});
afterAll(() => shell?.close());

function placeholders(t: TestNode, receiver?: { docPort: number; rx: WebhookReceiver }) {
  return (text: string) => {
    let out = text
      .replaceAll('<KEY>', t.demo.key)
      .replaceAll('<SECRET>', t.demo.secret)
      .replaceAll('vpk_test_…', t.demo.key)
      .replaceAll('vps_test_…', t.demo.secret)
      .replaceAll('127.0.0.1:7300', t.url.replace('http://', ''));
    if (receiver) out = out.replaceAll(`127.0.0.1:${receiver.docPort}`, `127.0.0.1:${receiver.rx.port}`);
    return out;
  };
}

/** Long enough for every purchase of a run to settle (the simulator takes under a second). */
const POLL_WINDOW_MS = 15_000;

async function runAll(list: DocExample[], part: Omit<ExampleContext, 'pollUntil'>) {
  const ctx = { ...part, pollUntil: Date.now() + POLL_WINDOW_MS };
  expect(list.length, 'examples found').toBeGreaterThan(0);
  const problems: string[] = [];
  for (const ex of list) problems.push(...(await checkExample(ex, ctx)));
  expect(problems, problems.join('\n')).toEqual([]);
}

describe(`${DOC}, run with curl as written`, () => {
  it('every example up to the webhook round trip answers as shown, in document order on one fresh node', async () => {
    const t = await startTestNode();
    try {
      await runAll(inRange(0, roundTripAt), { doc: DOC, shell, substitute: placeholders(t) });
      expect(t.ledgerOk()).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('the webhook round trip: the endpoint, the purchase, what the receiver got and the event feed', async () => {
    const rx = await startWebhookReceiver();
    const t = await startTestNode({ webhooksAllowPrivate: true });
    try {
      const ctx = { doc: DOC, shell, substitute: placeholders(t, { docPort: 7319, rx }), receiver: rx };
      await runAll(inRange(roundTripAt, secondRunAt), ctx);
    } finally {
      await t.close();
      await rx.close();
    }
  });

  it('managing the endpoint: deliveries, replay, test, rotate, pause, resume, list and remove', async () => {
    const rx = await startWebhookReceiver();
    const t = await startTestNode({ webhooksAllowPrivate: true });
    try {
      // The run the document describes: endpoint we_1 for every type at <receiver>/h, whose
      // receiver answered 500 to two deliveries, each now waiting for its retry a minute later;
      // then the receiver is back.
      rx.answer = () => 500;
      const url = `http://127.0.0.1:${rx.port}/h`;
      const added = await t.call('POST', '/v1/webhooks', { body: { url, event_types: ['*'] } });
      expect(added.status, added.text).toBe(201);
      expect(added.json.data.id).toBe('we_1');
      for (const id of ['manage-1', 'manage-2']) {
        const sale = await t.call('POST', '/v1/transactions/airtime/sync', { body: airtimeSale(id) });
        expect(sale.json.response_code, sale.text).toBe('00');
      }
      const waiting = await eventually(
        () => t.call('GET', '/v1/webhooks/we_1/deliveries'),
        (r) => r.json.data.length === 2 && r.json.data.every((d: { attempts: number }) => d.attempts === 1),
      );
      expect(waiting.json.data.map((d: { last_status: number }) => d.last_status)).toEqual([500, 500]);
      rx.answer = () => 200;

      const ctx = { doc: DOC, shell, substitute: placeholders(t, { docPort: 7531, rx }), receiver: rx };
      await runAll(inRange(secondRunAt, Infinity), ctx);
    } finally {
      await t.close();
      await rx.close();
    }
  });

  it('README\'s curl lines under "Calling the API" answer 2xx, none an error, on a fresh node', async () => {
    const readme = readFileSync('README.md', 'utf8').split('\n');
    const from = readme.indexOf('## Calling the API');
    const to = readme.findIndex((l, n) => n > from && l.startsWith('## '));
    expect(from, 'README has a "Calling the API" section').toBeGreaterThan(0);
    // The section's examples, with their lines numbered as in README.
    const section = docExamples(readme.slice(from, to).join('\n')).map((ex) => ({
      ...ex,
      commands: ex.commands.map((c) => ({ ...c, line: c.line + from })),
    }));
    expect(section.length).toBeGreaterThan(0);
    const t = await startTestNode();
    try {
      const ctx = {
        doc: 'README.md',
        shell,
        substitute: (text: string) => text.replaceAll('localhost:7300', t.url.replace('http://', '')),
        env: { KEY: t.demo.key, SECRET: t.demo.secret },
        preamble: [] as string[],
      };
      const problems: string[] = [];
      for (const ex of section) problems.push(...(await checkRunsCleanly(ex, ctx)));
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
