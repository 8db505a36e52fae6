import type { RouteComponent, RouteRecordRaw } from 'vue-router';

type Lazy = () => Promise<RouteComponent | { default: RouteComponent }>;

/** One admin page: its path under /admin, its lazily loaded view, its title; params as props. */
const page = (path: string, view: Lazy, title: string): RouteRecordRaw => ({
  path,
  component: view,
  props: path.includes(':'),
  meta: { title },
});

/**
 * The admin pages, children of /admin. The parent route carries meta.roles ['admin'], which
 * vue-router merges into every child: an agent is sent back to /sell.
 */
export const adminRoutes: RouteRecordRaw[] = [
  page('', () => import('./AdminDashboardView.vue'), 'Dashboard'),
  page('merchants', () => import('./AdminMerchantsView.vue'), 'Merchants'),
  page('merchants/:code', () => import('./AdminMerchantView.vue'), 'Merchant'),
  page('webhooks', () => import('./AdminWebhooksView.vue'), 'Webhooks'),
  page('wallets', () => import('./AdminWalletsView.vue'), 'Wallets'),
  page('pricing', () => import('./AdminPricingView.vue'), 'Pricing'),
  page('upstreams', () => import('./AdminUpstreamsView.vue'), 'Upstreams'),
  page('catalogs', () => import('./AdminCatalogsView.vue'), 'Catalogs'),
  page('attention', () => import('./AdminAttentionView.vue'), 'Needs attention'),
  page('users', () => import('./AdminUsersView.vue'), 'Users'),
  page('users/:id/cashup', () => import('./AdminCashupView.vue'), 'Cash-up'),
  page('reports', () => import('./AdminReportsView.vue'), 'Reports'),
  page('reconciliation', () => import('./AdminReconciliationView.vue'), 'Reconciliation'),
  page('settings', () => import('./AdminSettingsView.vue'), 'Settings'),
];
