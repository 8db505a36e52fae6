import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import {
  createGiftcardOrder,
  giftcardAvailability,
  listGiftcards,
  quoteGiftcard,
  type GiftcardFilters,
} from '../../services/giftcards.js';
import { createEsimOrder, listEsimPlans, type EsimFilters } from '../../services/esim.js';
import { faceValueFromQuery } from '../../domain/order-rules.js';
import { InvalidInput } from '../../domain/errors.js';
import { consoleCaller, sessionOf } from './session.js';
import { saleViews } from './purchase-routes.js';
import { assertWithinDailyLimit } from '../../services/admin-sales-limit.js';
import { assertConsoleProductAvailable } from '../../services/console-products.js';

const hide = { hide: true } as const;

const GiftcardOrderBody = Type.Object({
  request_id: Type.String({ minLength: 8, maxLength: 40 }),
  plan_id: Type.Integer(),
  quantity: Type.Integer({ minimum: 1, maximum: 5 }),
  face_value: Type.Optional(Type.Number()),
  send_via: Type.Optional(Type.Union([Type.Literal('email'), Type.Literal('sms'), Type.Literal('whatsapp')])),
  destination: Type.Optional(Type.String()),
});

const EsimOrderBody = Type.Object({
  request_id: Type.String({ minLength: 8, maxLength: 40 }),
  plan_id: Type.String(),
});

/**
 * Gift cards and eSIMs from the console: the catalog, quote and availability of the /v1
 * services, and orders placed through createGiftcardOrder / createEsimOrder themselves.
 */
export function registerOrderConsoleRoutes(app: FastifyInstance, s: Services): void {
  app.get('/console/giftcards', { schema: hide }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    return { cards: listGiftcards(s, caller, request.query as GiftcardFilters) };
  });

  app.get('/console/giftcards/:plan_id/quote', { schema: hide }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    const face = faceValueFromQuery((request.query as { face_value?: string }).face_value);
    return quoteGiftcard(s, caller, (request.params as { plan_id: string }).plan_id, face);
  });

  app.get('/console/giftcards/:plan_id/availability', { schema: hide }, async (request) => {
    assertConsoleProductAvailable(s, consoleCaller(s, sessionOf(request)), 'giftcard');
    const q = request.query as { quantity?: string };
    return giftcardAvailability(s, (request.params as { plan_id: string }).plan_id, q.quantity);
  });

  app.post('/console/giftcards/orders', { schema: { ...hide, body: GiftcardOrderBody } }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    const body = request.body as Record<string, unknown>;
    assertConsoleProductAvailable(s, caller, 'giftcard');
    // Checked before charging (issue 6): an unavailable card is refused with the stock's reason.
    const stock = giftcardAvailability(s, body.plan_id, String(body.quantity));
    if (!stock.available) throw new InvalidInput(stock.detail, 'plan_id');
    assertWithinDailyLimit(s, caller, { kind: 'giftcard', body });
    const purchase = await createGiftcardOrder(s, caller, body);
    return saleViews(s, caller.merchant.name, [purchase])[0];
  });

  app.get('/console/esim', { schema: hide }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    return { plans: listEsimPlans(s, caller, request.query as EsimFilters) };
  });

  app.post('/console/esim/orders', { schema: { ...hide, body: EsimOrderBody } }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    assertConsoleProductAvailable(s, caller, 'esim');
    assertWithinDailyLimit(s, caller, { kind: 'esim', body: request.body as Record<string, unknown> });
    const purchase = await createEsimOrder(s, caller, request.body as Record<string, unknown>);
    return saleViews(s, caller.merchant.name, [purchase])[0];
  });
}
