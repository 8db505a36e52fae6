import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Services } from '../../services/context.js';
import { rendererDistDir } from '../../resources.js';
import { LoginThrottle } from '../../services/login-throttle.js';
import { signInUnlockedAt } from '../../store/console-user-access.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerSessionHook } from './session.js';
import { registerAuthRoutes } from './auth-routes.js';
import { registerSellRoutes } from './sell-routes.js';
import { registerPurchaseRoutes } from './purchase-routes.js';
import { registerSalesCsvRoutes } from './sales-csv-routes.js';
import { StartedExports } from './started-exports.js';
import { registerWalletRoutes } from './wallet-routes.js';
import { registerUserRoutes } from './user-routes.js';
import { registerOrderConsoleRoutes } from './order-routes.js';
import { registerAdminConsole } from './admin-index.js';
import { CONSOLE_OPENAPI_PATH, registerConsoleContract } from './contract.js';
import { registerConsoleFiles } from './console-files.js';

/**
 * The console: its /console API and the built renderer served at /. Everything
 * lives in one encapsulated scope so the cookie parser, the session hook and the CSP apply
 * to the console only, never to /v1.
 */
export async function registerConsole(app: FastifyInstance, s: Services): Promise<void> {
  // The console's document lives in its scope; the type generator reads it from the app in-process.
  let consoleDocument: () => object = () => ({});
  app.decorate('consoleOpenApi', () => consoleDocument());
  await app.register(async (scope) => {
    await scope.register(fastifyCookie);
    await registerConsoleContract(scope, { checkAnswers: s.config.checkConsoleAnswers === true });
    registerSecurityHeaders(scope);
    registerSessionHook(scope, s);
    // The unlock stamp is read afresh from the database: `user unlock` in another process applies at once.
    // The desk's started CSV exports (History's, a wallet ledger's, a day's report), one store.
    const exports = new StartedExports();
    const throttle = new LoginThrottle(undefined, s.now, (name) => signInUnlockedAt(s.db, name));
    registerAuthRoutes(scope, s, throttle);
    registerSellRoutes(scope, s);
    registerPurchaseRoutes(scope, s);
    registerSalesCsvRoutes(scope, s, exports);
    registerWalletRoutes(scope, s);
    registerUserRoutes(scope, s);
    registerOrderConsoleRoutes(scope, s);
    await registerAdminConsole(scope, s, exports);
    consoleDocument = () => scope.consoleSwagger();
    scope.get(CONSOLE_OPENAPI_PATH, { schema: { hide: true } }, async () => scope.consoleSwagger());

    const dist = rendererDistDir();
    if (dist) {
      await registerConsoleFiles(scope, dist);
    } else {
      scope.get('/', { schema: { hide: true } }, async (_req, reply) =>
        reply
          .type('text/html')
          .send(
            '<!doctype html><title>VendPoint</title><p>The console has not been built: run <code>npm run build:renderer</code>.</p>',
          ),
      );
    }
  });
}
