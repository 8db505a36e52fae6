import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';

/**
 * NTP setting a point-of-sale PC's clock back while the node runs: the request limits go on from
 * the new time instead of waiting for the clock to come back to the old one. Only Date is faked
 * (the node's timers run on), as the clock NTP steps is the one Date reads.
 */
let t: TestNode | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
  vi.useRealTimers();
});

const at = (iso: string) => vi.setSystemTime(Date.parse(iso));

describe('a clock set back two hours', () => {
  it('leaves a credential that was at its per-minute limit served again a minute later, not two hours later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-03-10T10:00:00.000Z');
    t = await startTestNode({ rateLimitPerMinute: 5 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.call('GET', '/v1/wallet/balance')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    at('2026-03-10T08:00:00.000Z');
    expect((await t.call('GET', '/v1/wallet/balance')).status).toBe(429); // still within a minute
    at('2026-03-10T08:01:01.000Z');
    const later = await t.call('GET', '/v1/wallet/balance');
    expect(later.headers['retry-after']).toBeUndefined();
    expect(later.status).toBe(200);
  });
});
