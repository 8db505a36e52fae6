import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { fundWallet } from '../../server/store/wallets.js';
import { pruneEvents } from '../../server/store/events.js';

/**
 * Session 34's review of the feed from outside: an `after` the feed could never have given this
 * credential (an event of another merchant or of the other environment, or an id not yet
 * issued) was answered 200 with whatever followed that id, or nothing at all. A consumer that
 * stored the wrong cursor then skipped events without a word, or waited on an empty feed.
 * Such a cursor is now a 400 saying so; an id the feed gave and the 30-day retention has since
 * pruned still reads on.
 */

let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(async () => {
  await t?.close();
});

const fund = (merchantId: number, code: string, env: 'test' | 'live') =>
  fundWallet(t.node.services.db, {
    merchantId,
    merchantCode: code,
    env,
    amountKobo: 100,
    reason: 'test funding',
    actor: 'test',
  });

describe('GET /v1/events?after=', () => {
  it('refuses a cursor that is not one of the credential environment events, and reads on from its own and from pruned ones', async () => {
    const a = t.merchant('CURA', { allowIps: ['127.0.0.1'] });
    const b = t.merchant('CURB');
    fund(a.id, 'CURA', 'test');
    fund(a.id, 'CURA', 'live');
    fund(b.id, 'CURB', 'test');
    fund(a.id, 'CURA', 'test');

    const feed = await t.call('GET', '/v1/events', { pair: a.test });
    const mine = feed.json.data.map((e: { id: string }) => e.id);
    expect(mine).toHaveLength(2);
    const own = await t.call('GET', `/v1/events?after=${mine[0]}`, { pair: a.test });
    expect(own.status).toBe(200);
    expect(own.json.data.map((e: { id: string }) => e.id)).toEqual([mine[1]]);
    expect((await t.call('GET', '/v1/events?after=evt_0', { pair: a.test })).json.data).toHaveLength(2);

    const liveFeed = await t.call('GET', '/ext/service/v1/events', { pair: a.live });
    const liveId: string = liveFeed.json.data[0].id;
    const otherFeed = await t.call('GET', '/v1/events', { pair: b.test });
    const otherId: string = otherFeed.json.data[0].id;
    const lastId = Number(mine[1].slice(4));
    for (const [after, words] of [
      [liveId, /is not one of this merchant's test events/],
      [otherId, /is not one of this merchant's test events/],
      [`evt_${lastId + 1000}`, /has not been recorded yet/],
    ] as const) {
      for (const prefix of ['/v1', '/ext/service/v1']) {
        const r = await t.call('GET', `${prefix}/events?after=${after}`, { pair: a.test });
        expect(r.status, `${prefix} ${after}`).toBe(400);
        expect(r.json.message, after).toMatch(words);
        expect(r.json.message, after).toMatch(/pass the id of the last event this feed gave you/);
      }
    }
    // The live credential is refused its test events the same way.
    const cross = await t.call('GET', `/v1/events?after=${mine[0]}`, { pair: a.live });
    expect(cross.status).toBe(400);
    expect(cross.json.message).toMatch(/is not one of this merchant's live events/);

    // Thirty-one days on, every event is pruned: the consumer that had read them all reads on
    // from its last cursor and gets the next event; one that had not is told what it lost.
    pruneEvents(t.node.services.db, Date.now() + 31 * 86_400_000);
    const pruned = await t.call('GET', `/v1/events?after=${mine[1]}`, { pair: a.test });
    expect(pruned.status, pruned.text).toBe(200);
    expect(pruned.json.data).toEqual([]);
    fund(a.id, 'CURA', 'test');
    const next = await t.call('GET', `/v1/events?after=${mine[1]}`, { pair: a.test });
    expect(next.status, next.text).toBe(200);
    expect(next.json.data).toHaveLength(1);
    expect(Number(next.json.data[0].id.slice(4))).toBeGreaterThan(lastId);
    const behind = await t.call('GET', `/v1/events?after=${mine[0]}`, { pair: a.test });
    expect(behind.status, behind.text).toBe(400);
    expect(behind.json.message).toBe(
      `this merchant's test events after ${mine[0]}, up to ${mine[1]}, were older than 30 days and are no longer kept: read from the oldest kept (no after), and check the sales in between with the status calls`,
    );
    // Another merchant's pruned events tell this one nothing: B's own last one reads on.
    const fromStart = await t.call('GET', '/v1/events', { pair: a.test });
    expect(fromStart.json.data.map((e: { id: string }) => e.id)).toEqual([next.json.data[0].id]);
    expect((await t.call('GET', `/v1/events?after=${otherId}`, { pair: b.test })).status).toBe(200);
  });
});
