import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
import type { StartedExports } from './started-exports.js';
import { registerReportConsoleRoutes } from './reports.js';
import { adminActor, requireAdmin } from './admin-guard.js';
import { registerAdminDashboardRoutes } from './admin-dashboard.js';
import { registerAdminMerchantRoutes } from './admin-merchants.js';
import { registerAdminWalletRoutes } from './admin-wallets.js';
import { registerAdminWebhookRoutes } from './admin-webhooks.js';
import { registerAdminPricingRoutes } from './admin-pricing.js';
import { registerAdminUpstreamRoutes } from './admin-upstreams.js';
import { registerAdminCatalogRoutes } from './admin-catalogs.js';
import { registerAdminAttentionRoutes } from './admin-attention.js';
import { registerAdminReversalRoutes } from './admin-reversals.js';
import { registerAdminUserRoutes } from './admin-users.js';
import { registerAdminSettingsRoutes } from './admin-settings.js';
import { registerAdminReportRoutes } from './admin-reports.js';
import { registerAdminReconciliationRoutes } from './admin-reconciliation.js';
import { registerAdminNodeSettingRoutes } from './admin-node-settings.js';

/** Every admin route registered so far ("GET /console/admin/…"): the access test walks them all. */
const registered = new Set<string>();
export function adminRouteList(): { method: string; url: string }[] {
  return [...registered].sort().map((r) => {
    const [method, url] = r.split(' ');
    return { method, url };
  });
}

/**
 * The admin console's API, in its own scope inside the console's: the session and
 * CSRF hook of the console runs first, then this scope refuses anyone but an admin before
 * the body is even parsed, so an agent gets 403 from every route here, including routes
 * added later (the hook, not each handler, is the guard).
 */
export async function registerAdminConsole(
  scope: FastifyInstance,
  s: Services,
  exports: StartedExports,
): Promise<void> {
  await scope.register(async (admin) => {
    admin.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
    });
    admin.addHook('onRequest', requireAdmin);
    registerAdminDashboardRoutes(admin, s);
    registerAdminMerchantRoutes(admin, s);
    registerAdminWalletRoutes(admin, s, exports);
    registerAdminWebhookRoutes(admin, s);
    registerAdminPricingRoutes(admin, s);
    registerAdminUpstreamRoutes(admin, s);
    registerAdminCatalogRoutes(admin, s);
    registerAdminAttentionRoutes(admin, s);
    registerAdminReversalRoutes(admin, s);
    registerAdminUserRoutes(admin, s);
    registerAdminSettingsRoutes(admin, s);
    registerAdminReportRoutes(admin, s);
    registerAdminReconciliationRoutes(admin, s);
    registerAdminNodeSettingRoutes(admin, s);
    // Reports: list, download, resend and their settings, under the same admin check.
    registerReportConsoleRoutes(admin, s, requireAdmin, { actorOf: adminActor, exports });
  });
}
