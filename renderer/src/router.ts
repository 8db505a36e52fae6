import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import { startAfresh } from './lib/fresh-page.js';
import type { Pinia } from 'pinia';
import { useSessionStore } from './stores/session.js';
import { ApiError } from './lib/errors.js';
import type { Role } from './api/types.js';
import { adminRoutes } from './views/admin/routes.js';
import { PRODUCT_NAMES } from '../../common/products.js';
import { isChunkLoadError, reportUnreachable, whenReachable } from './lib/reachability.js';

declare module 'vue-router' {
  interface RouteMeta {
    /** Reachable without a session (setup, sign-in). */
    public?: boolean;
    /** Only these roles may open the page; admin pages set ['admin']. */
    roles?: Role[];
    title?: string;
    /** The top bar's tab a page belongs to when its path is not under that tab's (a sale: History). */
    tab?: string;
  }
}

const SellBillForm = () => import('./components/sell/SellBillForm.vue');

const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/sell' },
  {
    path: '/setup',
    component: () => import('./views/SetupView.vue'),
    meta: { public: true, title: 'Set up' },
  },
  {
    path: '/login',
    component: () => import('./views/LoginView.vue'),
    meta: { public: true, title: 'Sign in' },
  },
  { path: '/sell', component: () => import('./views/SellView.vue'), meta: { title: 'Sell' } },
  {
    path: '/sell/airtime',
    component: () => import('./components/sell/SellAirtimeForm.vue'),
    meta: { title: PRODUCT_NAMES.airtime.category },
  },
  {
    path: '/sell/data',
    component: () => import('./components/sell/SellDataForm.vue'),
    meta: { title: PRODUCT_NAMES.data.category },
  },
  {
    path: '/sell/electricity',
    component: SellBillForm,
    props: { product: 'ELECTRICITY' },
    meta: { title: PRODUCT_NAMES.ELECTRICITY.category },
  },
  {
    path: '/sell/cable',
    component: SellBillForm,
    props: { product: 'CABLE' },
    meta: { title: PRODUCT_NAMES.CABLE.category },
  },
  {
    path: '/sell/betting',
    component: SellBillForm,
    props: { product: 'BETTING' },
    meta: { title: PRODUCT_NAMES.BETTING.category },
  },
  {
    path: '/sell/giftcards',
    component: () => import('./components/sell/SellGiftCardForm.vue'),
    meta: { title: PRODUCT_NAMES.giftcard.category },
  },
  {
    path: '/sell/esim',
    component: () => import('./components/sell/SellEsimForm.vue'),
    meta: { title: PRODUCT_NAMES.esim.category },
  },
  {
    path: '/sales/:reference',
    component: () => import('./views/SaleView.vue'),
    props: true,
    // A sale's page is its record in History, wherever it was opened from.
    meta: { title: 'Sale', tab: '/history' },
  },
  { path: '/history', component: () => import('./views/HistoryView.vue'), meta: { title: 'History' } },
  { path: '/wallet', component: () => import('./views/WalletView.vue'), meta: { title: 'Wallet' } },
  // Admin pages slot in here with meta: { roles: ['admin'] }.
  {
    path: '/admin',
    component: () => import('./views/admin/AdminLayout.vue'),
    meta: { roles: ['admin'], title: 'Admin' },
    children: adminRoutes,
  },
  { path: '/:rest(.*)*', redirect: '/sell' },
];

/**
 * Hash history: the page is always /index.html, so the node needs no fallback route and the
 * Electron window can load it as it is.
 */
export function createConsoleRouter(pinia: Pinia) {
  const router = createRouter({ history: createWebHashHistory(), routes });
  let checked = false;

  router.beforeEach(async (to) => {
    const store = useSessionStore(pinia);
    if (!checked || (!store.session && !to.meta.public)) {
      try {
        await store.refresh();
        checked = true;
      } catch (e) {
        // The node is unreachable: the sign-in page says so and offers a retry.
        const message = e instanceof ApiError ? e.message : String(e);
        return to.path === '/login' ? true : { path: '/login', query: { offline: message } };
      }
    }
    if (store.status?.setup_required) return to.path === '/setup' ? true : '/setup';
    if (!store.session) return to.path === '/login' ? true : { path: '/login', query: { next: to.fullPath } };
    // Someone else signed in on this page (after a sign-in expired, or in another tab): none of
    // the previous user's pages may show, nor the page they were on, so the console starts afresh.
    if (store.holdsAnotherUsersPages) {
      startAfresh('/sell');
      return false;
    }
    if (to.meta.public) return '/sell';
    if (to.meta.roles && !to.meta.roles.includes(store.session.user.role)) return '/sell';
    return true;
  });

  // A page chunk that cannot be fetched means the node is away: say so, and go there once it is
  // back. The browser remembers a failed module import, so only a fresh page load can retry it.
  router.onError((error, to) => {
    if (!isChunkLoadError(error)) return;
    reportUnreachable();
    whenReachable(() => {
      window.location.hash = to.fullPath;
      window.location.reload();
    });
  });

  router.afterEach((to) => {
    document.title = to.meta.title ? `${to.meta.title} · VendPoint` : 'VendPoint';
  });
  return router;
}
