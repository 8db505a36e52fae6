import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounced } from '../../renderer/src/lib/debounce.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debounced (History search as typed)', () => {
  it('runs once after a pause in typing', () => {
    const action = vi.fn();
    const search = debounced(action, 350);
    search.later();
    vi.advanceTimersByTime(200);
    search.later();
    vi.advanceTimersByTime(349);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('typed then submitted (Enter, another filter): one search at once, none a moment later', () => {
    const action = vi.fn();
    const search = debounced(action, 350);
    search.later();
    search.now();
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('typed then cleared or left: nothing later', () => {
    const action = vi.fn();
    const search = debounced(action, 350);
    search.later();
    search.cancel();
    vi.advanceTimersByTime(1_000);
    expect(action).not.toHaveBeenCalled();
  });
});
