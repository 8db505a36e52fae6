import { ref } from 'vue';
import { ApiError } from '../lib/errors.js';

/** An API failure as the sentence the page shows (ApiError already carries one). */
export function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e);
}

/**
 * busy / error / notice for one admin page's calls: each action runs through run(), which
 * clears the last message, keeps the page from double-submitting, and turns a failure into
 * the sentence to show instead of throwing it at the template.
 */
export function createRunner() {
  const busy = ref(false);
  const error = ref('');
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
  return { busy, error, notice, run };
}
