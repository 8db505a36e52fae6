import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { callerOf } from '../access.js';
import type { OrderPrefix } from '../schemas.js';
import {
  createGiftcardOrder,
  giftcardAvailability,
  listGiftcards,
  quoteGiftcard,
  readGiftcardOrder,
} from '../../services/giftcards.js';
import { faceValueFromQuery } from '../../domain/order-rules.js';
import {
  GiftcardFilters,
  catalogAnswers,
  catalogEnvelope,
  orderAnswers,
  MerchantCodeOfCredential,
} from './order-views.js';
import { orderEnvelope } from '../../domain/purchase-answers.js';
import { specRoutes } from './spec-routes.js';

export const CatalogItem = Type.Object({
  plan_id: Type.Integer(),
  title: Type.String(),
  brand: Type.String(),
  region: Type.String(),
  ui_category: Type.String(),
  face_value: Type.Optional(Type.Number({ description: 'fixed-price plans' })),
  min_price: Type.Optional(Type.Number({ description: 'variable-price plans, card currency' })),
  max_price: Type.Optional(Type.Number({ description: 'variable-price plans, card currency' })),
  currency_code: Type.String(),
  ngn_price: Type.Optional(Type.String({ description: 'NGN per card; for variable plans, at min_price' })),
  fixed_price: Type.Boolean(),
  featured: Type.Boolean(),
});

export const QuoteData = Type.Object({
  plan_id: Type.Integer(),
  ngn_amount: Type.String({ description: 'NGN per card' }),
  currency_code: Type.String(),
  face_value: Type.Number(),
});

export const AvailabilityData = Type.Object({
  available: Type.Boolean(),
  detail: Type.String(),
  fulfillment: Type.String({ description: 'immediate, standard, out_of_stock or preorder' }),
});

const PlanParams = Type.Object({ plan_id: Type.String() });

/**
 * The type is checked in the service, so the message names the rule, not a JSON type; the
 * OpenAPI document carries the type in the description.
 */
const Anything = (description: string) => Type.Unsafe<unknown>({ description });

const OrderBody = Type.Object(
  {
    request_id: Type.String({
      description: 'idempotency key, unique per merchant (shared with client_request_id)',
    }),
    plan_id: Type.Integer({ description: 'gift-card catalog plan_id' }),
    merchant_code: Type.Optional(MerchantCodeOfCredential),
    quantity: Type.Optional(Anything('integer, 1 to 5, default 1; debit = ngn_price x quantity')),
    send_via: Type.Optional(Anything('string: email, sms or whatsapp')),
    destination: Type.Optional(Anything('string: an e-mail address or phone number; required with send_via')),
    face_value: Type.Optional(
      Anything(
        'number, variable-price plans: value in the card currency, within min_price..max_price (default min_price)',
      ),
    ),
  },
  { additionalProperties: true },
);

/** Gift-card routes: catalog, quote, availability, orders (spec "Gift cards"). */
export function registerGiftcardRoutes(server: FastifyInstance, s: Services, prefix: OrderPrefix): void {
  const routes = specRoutes(server, prefix, 'gift cards');
  routes.get(
    '/giftcards/catalog',
    {
      summary: 'Gift-card catalog; filters search, brand, currency, category, featured (and region)',
      querystring: Type.Object(GiftcardFilters, { additionalProperties: true }),
      response: catalogAnswers(Type.Array(CatalogItem)),
    },
    async (request) =>
      catalogEnvelope('Gift card catalog', listGiftcards(s, callerOf(request), request.query)),
  );

  routes.get(
    '/giftcards/plans/:plan_id/quote',
    {
      summary: 'Current NGN price per card; variable plans take ?face_value=',
      params: PlanParams,
      querystring: Type.Object({ face_value: Type.Optional(Type.String()) }, { additionalProperties: true }),
      response: catalogAnswers(QuoteData),
    },
    async (request) => {
      const faceValue = faceValueFromQuery(request.query.face_value);
      return catalogEnvelope(
        'Gift card quote',
        quoteGiftcard(s, callerOf(request), request.params.plan_id, faceValue),
      );
    },
  );

  routes.post(
    '/giftcards/quote',
    {
      summary: 'Same as GET quote, with plan_id (and face_value for variable plans) in the body',
      body: Type.Object(
        { plan_id: Type.Integer(), face_value: Type.Optional(Anything('variable plans')) },
        { additionalProperties: true },
      ),
      response: catalogAnswers(QuoteData),
    },
    async (request) => {
      const body = request.body;
      return catalogEnvelope(
        'Gift card quote',
        quoteGiftcard(s, callerOf(request), body.plan_id, body.face_value),
      );
    },
  );

  routes.get(
    '/giftcards/plans/:plan_id/availability',
    {
      summary: 'Stock of a plan for ?quantity= (1 to 5, default 1)',
      params: PlanParams,
      querystring: Type.Object({ quantity: Type.Optional(Type.String()) }, { additionalProperties: true }),
      response: catalogAnswers(AvailabilityData),
    },
    async (request) =>
      catalogEnvelope(
        'Gift card availability',
        giftcardAvailability(s, callerOf(request), request.params.plan_id, request.query.quantity),
      ),
  );

  routes.post(
    '/giftcards/orders',
    {
      summary: 'Buy gift cards: 00 with cards, or 02 while standard fulfilment runs (poll the order)',
      body: OrderBody,
      response: orderAnswers(),
    },
    async (request) =>
      orderEnvelope(
        await createGiftcardOrder(s, callerOf(request), request.body, {
          schemaError: request.validationError,
        }),
      ),
    // A used request_id answers 422 before the body's schema errors (placePurchase).
    { attachValidation: true },
  );

  routes.get(
    '/giftcards/orders/:request_id',
    {
      summary: 'Order status by request_id; cards once successful',
      params: Type.Object({ request_id: Type.String() }),
      response: orderAnswers(),
    },
    async (request) =>
      orderEnvelope(await readGiftcardOrder(s, callerOf(request), request.params.request_id)),
  );
}
