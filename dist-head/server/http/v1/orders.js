import { registerGiftcardRoutes } from './giftcards.js';
import { registerEsimRoutes } from './esim.js';
/** Gift-card and eSIM routes (issue 4): catalogs, quotes, orders; orders share the purchase lifecycle. */
export function registerOrderRoutes(app, s) {
    registerGiftcardRoutes(app, s);
    registerEsimRoutes(app, s);
}
//# sourceMappingURL=orders.js.map