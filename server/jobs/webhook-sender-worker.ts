import { parentPort, workerData } from 'node:worker_threads';
import { WebhookSender, type SendResult, type SenderOptions } from './webhook-sender.js';
import type { FromSenderThread, ToSenderThread } from './webhook-sender-thread.js';

/**
 * The sending thread: signs and posts what the main thread hands it, on its own event loop
 * and undici pool, and hands the outcomes back. It never touches SQLite; recording stays with
 * the main thread, the only writer. The DNS-rebinding check runs here, on the connected socket.
 */
const port = parentPort!;
const sender = new WebhookSender(workerData as SenderOptions);
let results: (SendResult & { id: number })[] = [];
let scheduled = false;
let inFlight = 0;
let closing = false;

/** Outcomes finishing in the same turn go back in one message. */
function report(r: SendResult & { id: number }): void {
  results.push(r);
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    const batch = results;
    results = [];
    port.postMessage({ type: 'results', results: batch } satisfies FromSenderThread);
    if (closing && inFlight === 0) void finish();
  });
}

async function finish(): Promise<void> {
  await sender.close();
  port.postMessage({ type: 'closed' } satisfies FromSenderThread);
}

port.on('message', (m: ToSenderThread) => {
  if (m.type === 'close') {
    closing = true;
    if (inFlight === 0 && !scheduled) void finish();
    return;
  }
  for (const job of m.jobs) {
    inFlight += 1;
    void sender.send(job.url, job.body, job.secrets, job.nowS).then((r) => {
      inFlight -= 1;
      report({ id: job.id, ...r });
    });
  }
});
