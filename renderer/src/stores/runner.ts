import { ref, type Ref } from 'vue';
import { ApiError } from '../lib/errors.js';

/** An API failure as the sentence the page shows (ApiError already carries one). */
export function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e);
}

/**
 * busy / error / notice for a store's calls: each action runs through run(), which
 * clears the last message, keeps the page from double-submitting, and turns a failure into
 * the sentence to show instead of throwing it at the template. A store that already has an
 * error ref hands it in, so its page shows one error whichever call failed.
 */
export function createRunner(error: Ref<string> = ref('')) {
  const busy = ref(false);
  const notice = ref('');
  async function run<T>(work: () => Promise<T>, success?: string | ((v: T) => string)): Promise<T | null> {
    busy.value = true;
    error.value = '';
    notice.value = '';
    try {
      const v = await work();
      if (success) notice.value = typeof success === 'function' ? success(v) : success;
      return v;
    } catch (e) {
      error.value = errorText(e);
      return null;
    } finally {
      busy.value = false;
    }
  }
  /**
   * Reloads what an action changed without losing the action's message, its notice or its
   * refusal (loading clears both): a refused action must not look as if nothing happened.
   */
  async function reloadKeepingNotice(reload: () => Promise<unknown>): Promise<void> {
    const message = notice.value;
    const refusal = error.value;
    await reload();
    notice.value = message;
    if (refusal && !error.value) error.value = refusal;
  }
  return { busy, error, notice, run, reloadKeepingNotice };
}
