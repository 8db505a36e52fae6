import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { answer, typed } from './contract.js';
import { Sale } from './console-schemas.js';
import { AvailabilityData, CatalogItem, QuoteData } from '../v1/giftcards.js';
import { EsimItem } from '../v1/esim.js';
import { EsimFilters, GiftcardFilters } from '../v1/order-views.js';
import type { Services } from '../../services/context.js';
import {
  createGiftcardOrder,
  giftcardAvailability,
  listGiftcardsWithStock,
  quoteGiftcard,
} from '../../services/giftcards.js';
import { createEsimOrder, listEsimPlans } from '../../services/esim.js';
import { faceValueFromQuery } from '../../domain/order-rules.js';
import { InvalidInput } from '../../domain/errors.js';
import { consoleCaller, sessionOf } from './session.js';
import { saleViews } from './purchase-routes.js';
import { assertWithinDailyLimit } from '../../services/admin-sales-limit.js';
import { assertConsoleProductAvailable } from '../../services/console-products.js';

const tags = ['gift cards and eSIM'];
const PlanParams = Type.Object({ plan_id: Type.String() });

const GiftcardOrderBody = Type.Object(
  {
    request_id: Type.String({ minLength: 8, maxLength: 40 }),
    plan_id: Type.Integer(),
    quantity: Type.Integer({ minimum: 1, maximum: 5 }),
    face_value: Type.Optional(Type.Number()),
    send_via: Type.Optional(
      Type.Union([Type.Literal('email'), Type.Literal('sms'), Type.Literal('whatsapp')]),
    ),
    destination: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const EsimOrderBody = Type.Object(
  {
    request_id: Type.String({ minLength: 8, maxLength: 40 }),
    plan_id: Type.String(),
  },
  { additionalProperties: false },
);

/**
 * Gift cards and eSIMs from the console: the catalog, quote and availability of the /v1
 * services, and orders placed through createGiftcardOrder / createEsimOrder themselves.
 */
export function registerOrderConsoleRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  const catalogSchema = {
    tags,
    querystring: Type.Object(GiftcardFilters),
    response: answer(
      Type.Object({
        cards: Type.Array(
          Type.Composite([
            CatalogItem,
            Type.Object({
              fulfillment: Type.Union([
                Type.Literal('immediate'),
                Type.Literal('standard'),
                Type.Literal('out_of_stock'),
                Type.Literal('preorder'),
              ]),
            }),
          ]),
        ),
      }),
    ),
  };
  app.get('/console/giftcards', { schema: catalogSchema }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    return { cards: listGiftcardsWithStock(s, caller, request.query) };
  });

  const quoteSchema = {
    tags,
    params: PlanParams,
    querystring: Type.Object({ face_value: Type.Optional(Type.String()) }),
    response: answer(QuoteData),
  };
  app.get('/console/giftcards/:plan_id/quote', { schema: quoteSchema }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    const face = faceValueFromQuery(request.query.face_value);
    return quoteGiftcard(s, caller, request.params.plan_id, face);
  });

  const availabilitySchema = {
    tags,
    params: PlanParams,
    querystring: Type.Object({ quantity: Type.Optional(Type.String()) }),
    response: answer(AvailabilityData),
  };
  app.get('/console/giftcards/:plan_id/availability', { schema: availabilitySchema }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    assertConsoleProductAvailable(s, caller, 'giftcard');
    return giftcardAvailability(s, caller, request.params.plan_id, request.query.quantity);
  });

  // attachValidation: a used request_id answers 422 before the body's schema errors (placePurchase).
  const orderRoute = { attachValidation: true } as const;
  const giftcardOrderSchema = { tags, body: GiftcardOrderBody, response: answer(Sale) };
  app.post('/console/giftcards/orders', { schema: giftcardOrderSchema, ...orderRoute }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    const body = request.body;
    const purchase = await createGiftcardOrder(s, caller, body, {
      schemaError: request.validationError,
      checks: () => {
        assertConsoleProductAvailable(s, caller, 'giftcard');
        // Checked before charging: an unavailable card is refused with the stock's reason.
        const stock = giftcardAvailability(s, caller, body.plan_id, String(body.quantity));
        if (!stock.available) throw new InvalidInput(stock.detail, 'plan_id');
        assertWithinDailyLimit(s, caller, { kind: 'giftcard', body });
      },
    });
    return saleViews(s, caller.merchant.name, [purchase])[0];
  });

  const esimSchema = {
    tags,
    querystring: Type.Object(EsimFilters),
    response: answer(Type.Object({ plans: Type.Array(EsimItem) })),
  };
  app.get('/console/esim', { schema: esimSchema }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    return { plans: listEsimPlans(s, caller, request.query) };
  });

  const esimOrderSchema = { tags, body: EsimOrderBody, response: answer(Sale) };
  app.post('/console/esim/orders', { schema: esimOrderSchema, ...orderRoute }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    const purchase = await createEsimOrder(s, caller, request.body, {
      schemaError: request.validationError,
      checks: () => {
        assertConsoleProductAvailable(s, caller, 'esim');
        assertWithinDailyLimit(s, caller, { kind: 'esim', body: request.body });
      },
    });
    return saleViews(s, caller.merchant.name, [purchase])[0];
  });
}
