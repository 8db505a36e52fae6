import type { RouteRecordRaw } from 'vue-router';

/**
 * The admin pages, children of /admin. The parent route carries meta.roles
 * ['admin'], which vue-router merges into every child: an agent is sent back to /sell.
 */
export const adminRoutes: RouteRecordRaw[] = [
  { path: '', component: () => import('./AdminDashboardView.vue'), meta: { title: 'Dashboard' } },
  { path: 'merchants', component: () => import('./AdminMerchantsView.vue'), meta: { title: 'Merchants' } },
  {
    path: 'merchants/:code',
    component: () => import('./AdminMerchantView.vue'),
    props: true,
    meta: { title: 'Merchant' },
  },
  { path: 'webhooks', component: () => import('./AdminWebhooksView.vue'), meta: { title: 'Webhooks' } },
  { path: 'wallets', component: () => import('./AdminWalletsView.vue'), meta: { title: 'Wallets' } },
  { path: 'pricing', component: () => import('./AdminPricingView.vue'), meta: { title: 'Pricing' } },
  { path: 'upstreams', component: () => import('./AdminUpstreamsView.vue'), meta: { title: 'Upstreams' } },
  { path: 'catalogs', component: () => import('./AdminCatalogsView.vue'), meta: { title: 'Catalogs' } },
  {
    path: 'attention',
    component: () => import('./AdminAttentionView.vue'),
    meta: { title: 'Needs attention' },
  },
  { path: 'users', component: () => import('./AdminUsersView.vue'), meta: { title: 'Users' } },
  {
    path: 'users/:id/cashup',
    component: () => import('./AdminCashupView.vue'),
    props: true,
    meta: { title: 'Cash-up' },
  },
  { path: 'reports', component: () => import('./AdminReportsView.vue'), meta: { title: 'Reports' } },
  { path: 'settings', component: () => import('./AdminSettingsView.vue'), meta: { title: 'Settings' } },
];
