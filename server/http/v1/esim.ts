import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { callerOf } from '../access.js';
import type { OrderPrefix } from '../schemas.js';
import { specRoutes } from './spec-routes.js';
import {
  createEsimOrder,
  esimPlan,
  esimQrcode,
  esimQuote,
  listEsimPlans,
  readEsimOrder,
} from '../../services/esim.js';
import {
  EsimFilters,
  catalogAnswers,
  catalogEnvelope,
  orderAnswers,
  orderErrors,
  MerchantCodeOfCredential,
} from './order-views.js';
import { orderEnvelope } from '../../domain/purchase-answers.js';

export const EsimItem = Type.Object({
  plan_id: Type.String(),
  title: Type.String(),
  country: Type.String({ description: 'ISO-2 destination, "" for multi-country plans' }),
  region: Type.String(),
  data_gb: Type.Number(),
  duration_days: Type.Integer(),
  currency_code: Type.String(),
  ngn_price: Type.Optional(Type.String({ description: 'NGN; the order amount and wallet debit' })),
});

const QuoteData = Type.Object({
  plan_id: Type.String(),
  title: Type.String(),
  ngn_amount: Type.String(),
  currency_code: Type.String(),
});
const PlanParams = Type.Object({ plan_id: Type.String() });
const KeyParams = Type.Object({ request_id: Type.String() });

/** eSIM routes: catalog, plan, quote, orders and the install QR (spec "eSIM"). */
export function registerEsimRoutes(server: FastifyInstance, s: Services, prefix: OrderPrefix): void {
  const routes = specRoutes(server, prefix, 'esim');
  routes.get(
    '/esim/catalog',
    {
      summary:
        'eSIM plans; filters country (ISO-2), region (substring), search (title, country, region, plan id)',
      querystring: Type.Object(EsimFilters, { additionalProperties: true }),
      response: catalogAnswers(Type.Array(EsimItem)),
    },
    async (request) => catalogEnvelope('eSIM catalog', listEsimPlans(s, callerOf(request), request.query)),
  );

  routes.get(
    '/esim/plans/:plan_id/quote',
    {
      summary: 'NGN quote (ngn_amount) of a plan',
      params: PlanParams,
      response: catalogAnswers(QuoteData),
    },
    async (request) => catalogEnvelope('eSIM quote', esimQuote(s, callerOf(request), request.params.plan_id)),
  );

  routes.get(
    '/esim/plans/:plan_id',
    {
      summary: 'One eSIM plan',
      params: PlanParams,
      response: catalogAnswers(EsimItem),
    },
    async (request) => catalogEnvelope('eSIM plan', esimPlan(s, callerOf(request), request.params.plan_id)),
  );

  routes.post(
    '/esim/orders',
    {
      summary: 'Buy an eSIM; 02 is normal on live (poll the order), test credentials answer 00',
      body: Type.Object(
        {
          request_id: Type.String({
            description: 'idempotency key, at most 40 characters (shared with client_request_id)',
          }),
          plan_id: Type.String({ description: 'eSIM catalog plan_id' }),
          merchant_code: Type.Optional(MerchantCodeOfCredential),
          quantity: Type.Optional(
            Type.Unsafe<unknown>({
              description: '1 or left out: an order is one eSIM (anything else is a 400)',
            }),
          ),
        },
        { additionalProperties: true },
      ),
      response: orderAnswers(),
    },
    async (request) =>
      orderEnvelope(
        await createEsimOrder(s, callerOf(request), request.body, { schemaError: request.validationError }),
      ),
    // A used request_id answers 422 before the body's schema errors (placePurchase).
    { attachValidation: true },
  );

  routes.get(
    '/esim/orders/:request_id',
    {
      summary: 'Order status; install fields once an ICCID is issued',
      params: KeyParams,
      response: orderAnswers(),
    },
    async (request) => orderEnvelope(await readEsimOrder(s, callerOf(request), request.params.request_id)),
  );

  routes.get(
    '/esim/orders/:request_id/qrcode',
    {
      summary: 'image/png QR of the LPA string once the order is successful; 404 while pending',
      params: KeyParams,
      response: {
        200: {
          description: 'PNG image',
          content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
        },
        ...orderErrors,
      },
    },
    async (request, reply) => {
      const png = await esimQrcode(s, callerOf(request), request.params.request_id);
      // The image carries the activation code: not for shared caches.
      return reply.type('image/png').header('cache-control', 'private, no-store').send(png);
    },
  );
}
