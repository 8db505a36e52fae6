import { describe, expect, it } from 'vitest';
import { InFlightLimit } from '../../server/jobs/in-flight-limit.js';

describe('InFlightLimit', () => {
  it('holds at most `limit` slots per upstream, hands them on in arrival order, and keeps upstreams apart', async () => {
    const slots = new InFlightLimit(2);
    const order: number[] = [];
    await slots.acquire('a');
    await slots.acquire('a');
    const waiters = [3, 4, 5].map((n) => slots.acquire('a').then(() => order.push(n)));
    await slots.acquire('b'); // another upstream has its own slots
    expect(slots.usage('a')).toEqual({ active: 2, waiting: 3 });
    expect(slots.usage('b')).toEqual({ active: 1, waiting: 0 });

    slots.release('a');
    await waiters[0];
    expect(order).toEqual([3]);
    expect(slots.usage('a')).toEqual({ active: 2, waiting: 2 });
    slots.release('a');
    slots.release('a');
    await Promise.all(waiters);
    expect(order).toEqual([3, 4, 5]);
    slots.release('a');
    slots.release('a');
    expect(slots.usage('a')).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses a limit below one', () => {
    expect(() => new InFlightLimit(0)).toThrow(/≥ 1/);
  });
});
