import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createConsoleRouter } from './router.js';
import {
  setEnvironmentWithdrawnHandler,
  setPageEnvironmentSource,
  setUnauthorizedHandler,
} from './api/client.js';
import { useSessionStore } from './stores/session.js';
import './styles/base.css';
import './styles/print.css';

const app = createApp(App);
const pinia = createPinia();
app.use(pinia);
const router = createConsoleRouter(pinia);
app.use(router);

// Any call answered 401 (the session expired or was revoked) brings the agent back to sign in.
setUnauthorizedHandler(() => {
  useSessionStore(pinia).forget();
  const here = router.currentRoute.value;
  if (here.path !== '/login')
    void router.push({ path: '/login', query: { next: here.fullPath, expired: '1' } });
});

// Live access withdrawn by an admin: the session is back on test, and the top bar says so at once.
setEnvironmentWithdrawnHandler((env) => {
  if (env === 'test' || env === 'live') void useSessionStore(pinia).environmentWithdrawn(env);
});

// Every state-changing call says which mode this page shows; see setPageEnvironmentSource.
setPageEnvironmentSource(() => useSessionStore(pinia).session?.environment ?? null);

app.mount('#app');
