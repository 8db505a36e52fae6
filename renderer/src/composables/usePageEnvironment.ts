import { ref, type Ref } from 'vue';
import { useRoute } from 'vue-router';
import type { Environment } from '../api/types.js';
import { useSessionStore } from '../stores/session.js';

/**
 * The environment an admin page opens on: the one its link names (`?env=test` or `?env=live`),
 * else the one the console is in (the top bar's TEST or LIVE), so a desk in LIVE never lands on a
 * test wallet, shift or endpoint form by default. The page's own Live / Test choice changes it after.
 */
export function usePageEnvironment(): Ref<Environment> {
  const asked = useRoute().query.env;
  return ref<Environment>(asked === 'test' || asked === 'live' ? asked : useSessionStore().environment);
}
