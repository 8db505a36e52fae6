import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { api, setCsrfToken } from '../api/client.js';
import { ApiError } from '../lib/errors.js';
import { setBusinessTimezone } from '../lib/time.js';
import { SETUP_CODE_HEADER } from '../../../common/console-protocol.js';
import type { Environment, NodeStatus, SessionInfo } from '../api/types.js';

export type SessionState = 'setup' | 'login' | 'ready';

/** Who is signed in, for which merchant, in which environment (test or live). */
export const useSessionStore = defineStore('session', () => {
  const status = ref<NodeStatus | null>(null);
  const session = ref<SessionInfo | null>(null);

  const environment = computed<Environment>(() => session.value?.environment ?? 'test');
  const isLive = computed(() => environment.value === 'live');
  const canSwitchEnvironment = computed(() => (session.value?.environments.length ?? 0) > 1);
  const isAdmin = computed(() => session.value?.user.role === 'admin');

  /**
   * The console user whose pages this page's memory holds (the sales it read, revealed codes,
   * lists): the first one it showed. Another user signed in here gets a page loaded afresh.
   */
  let holder: number | null = null;
  const holdsAnotherUsersPages = computed(
    () => session.value !== null && holder !== null && session.value.user.id !== holder,
  );

  function apply(info: SessionInfo): SessionInfo {
    holder ??= info.user.id;
    session.value = info;
    setCsrfToken(info.csrf_token);
    setBusinessTimezone(info.timezone);
    return info;
  }

  function forget(): void {
    session.value = null;
    setCsrfToken('');
  }

  /** The first-run code sent by a browser on another computer, once the admin typed it. */
  const setupCode = ref('');
  const codeHeaders = () => (setupCode.value ? { [SETUP_CODE_HEADER]: setupCode.value } : undefined);

  /** Where the app stands: first-run setup, sign-in, or a live session. */
  async function refresh(): Promise<SessionState> {
    status.value = await api.get('/console/status', { headers: codeHeaders() });
    if (status.value.setup_required) {
      forget();
      return 'setup';
    }
    // Signed out is a normal state, said by the status: asking for the session would be a 401,
    // which the browser logs as an error.
    if (!status.value.signed_in) {
      forget();
      return 'login';
    }
    try {
      apply(await api.get('/console/session', { quiet401: true }));
      return 'ready';
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        forget();
        return 'login';
      }
      throw e;
    }
  }

  /** Checks a setup code typed on another computer; with it, the node lists its merchants. */
  async function enterSetupCode(code: string): Promise<void> {
    const previous = setupCode.value;
    setupCode.value = code.trim();
    try {
      status.value = await api.get('/console/status', { headers: codeHeaders(), quiet401: true });
    } catch (e) {
      setupCode.value = previous;
      throw e;
    }
  }

  async function setup(username: string, password: string, merchantCode: string): Promise<SessionInfo> {
    const info = await api.post('/console/setup', {
      body: { username, password, merchant_code: merchantCode },
      quiet401: true,
      headers: codeHeaders(),
    });
    setupCode.value = '';
    if (status.value) status.value = { ...status.value, setup_required: false, merchants: [] };
    return apply(info);
  }

  async function login(username: string, password: string): Promise<SessionInfo> {
    return apply(await api.post('/console/login', { body: { username, password }, quiet401: true }));
  }

  async function logout(): Promise<void> {
    try {
      await api.post('/console/logout', { quiet401: true });
    } finally {
      forget();
    }
  }

  async function switchEnvironment(env: Environment): Promise<void> {
    apply(await api.post('/console/session/environment', { body: { environment: env } }));
  }

  /** The node moved this session off an environment it may no longer use: show where it is now. */
  async function environmentWithdrawn(env: Environment): Promise<void> {
    if (!session.value || session.value.environment === env) return;
    session.value = { ...session.value, environment: env };
    try {
      apply(await api.get('/console/session', { quiet401: true }));
    } catch {
      // The environment shown is already right; the full session is read again on the next call.
    }
  }

  return {
    status,
    session,
    environment,
    isLive,
    canSwitchEnvironment,
    isAdmin,
    holdsAnotherUsersPages,
    refresh,
    setup,
    enterSetupCode,
    environmentWithdrawn,
    login,
    logout,
    switchEnvironment,
    forget,
  };
});
