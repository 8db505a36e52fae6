import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { useSlowFlag } from '../../renderer/src/composables/useSlowFlag.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useSlowFlag', () => {
  it('shows only a read that lasts, and hides it as soon as the read ends', async () => {
    const busy = ref(false);
    const scope = effectScope();
    const slow = scope.run(() => useSlowFlag(busy, 400))!;
    // A quick page turn: nothing shown.
    busy.value = true;
    await nextTick();
    vi.advanceTimersByTime(300);
    busy.value = false;
    await nextTick();
    vi.advanceTimersByTime(1_000);
    expect(slow.value).toBe(false);
    // A search over a million sales: shown after 400 ms, gone when the answer is in.
    busy.value = true;
    await nextTick();
    vi.advanceTimersByTime(399);
    expect(slow.value).toBe(false);
    vi.advanceTimersByTime(1);
    expect(slow.value).toBe(true);
    busy.value = false;
    await nextTick();
    expect(slow.value).toBe(false);
    // Left while reading: no timer fires later.
    busy.value = true;
    await nextTick();
    scope.stop();
    vi.advanceTimersByTime(1_000);
    expect(slow.value).toBe(false);
  });
});
