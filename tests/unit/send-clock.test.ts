import { describe, expect, it } from 'vitest';
import { SendClock } from '../../server/jobs/send-clock.js';

/** A monotonic clock the test moves by hand. */
function handClock(start = 1_000) {
  let t = start;
  return { read: () => t, pass: (ms: number) => (t += ms) };
}

const WALL = 1_700_000_000_000;

describe('how long a provider has surely had a sale (the not-found grace counts this)', () => {
  it('a send of this process is timed by the monotonic clock, whatever the wall clock does', () => {
    const mono = handClock();
    const sends = new SendClock(mono.read);
    sends.sent(7);
    mono.pass(10_000);
    // The wall clock jumped two hours ahead: the provider had ten seconds.
    expect(sends.sinceSend(7, WALL, WALL + 7_200_000)).toBe(10_000);
    // It was set back an hour: the provider still had ten seconds.
    expect(sends.sinceSend(7, WALL, WALL - 3_600_000)).toBe(10_000);
  });

  it('a send made before this process started counts at most the time since the start', () => {
    const mono = handClock();
    const sends = new SendClock(mono.read);
    // Sent two hours ago by the wall clock, which may have been corrected while the node was stopped.
    expect(sends.sinceSend(9, WALL - 7_200_000, WALL)).toBe(0);
    mono.pass(130_000);
    expect(sends.sinceSend(9, WALL - 7_200_000, WALL + 130_000)).toBe(130_000);
    // A recent send is counted by the wall clock when that is shorter.
    expect(sends.sinceSend(9, WALL + 100_000, WALL + 130_000)).toBe(30_000);
  });

  it('forgets a settled sale, and past its cap the oldest send, which then falls back to the start rule', () => {
    const mono = handClock();
    const sends = new SendClock(mono.read, 2);
    sends.sent(1);
    mono.pass(1_000);
    sends.sent(2);
    sends.sent(3);
    expect(sends.size).toBe(2);
    mono.pass(1_000);
    expect(sends.sinceSend(2, WALL, WALL + 5_000)).toBe(1_000);
    expect(sends.sinceSend(1, WALL, WALL + 5_000)).toBe(2_000); // min(5 s by the wall, 2 s since the start)
    sends.settled(2);
    expect(sends.size).toBe(1);
  });

  it('a sale sent again (the next route) is timed from its latest send', () => {
    const mono = handClock();
    const sends = new SendClock(mono.read);
    sends.sent(4);
    mono.pass(60_000);
    sends.sent(4);
    mono.pass(5_000);
    expect(sends.sinceSend(4, WALL, WALL + 65_000)).toBe(5_000);
  });
});
