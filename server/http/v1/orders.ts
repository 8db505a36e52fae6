import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
import { registerGiftcardRoutes } from './giftcards.js';
import { registerEsimRoutes } from './esim.js';
import type { OrderPrefix } from '../schemas.js';

/** Gift-card and eSIM routes: catalogs, quotes, orders; orders share the purchase lifecycle. */
export function registerOrderRoutes(app: FastifyInstance, s: Services, prefix: OrderPrefix): void {
  registerGiftcardRoutes(app, s, prefix);
  registerEsimRoutes(app, s, prefix);
}
