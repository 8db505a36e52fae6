import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { checkLiveBillEnabled, createTransaction } from '../../services/transactions.js';
import { verifyFromRequest } from '../../services/bill-verify.js';
import { billPlansResponse, dataPlansResponse } from '../v1/plans.js';
import { consoleCaller, sessionOf } from './session.js';
import { saleViews } from './purchase-routes.js';
import { answer, typed } from './contract.js';
import { BillPlanRow, DataPlanRow, ProductsAvailability, Sale, VerifiedCustomer } from './console-schemas.js';
import { assertWithinDailyLimit } from '../../services/admin-sales-limit.js';
import {
  airtimeLimits,
  assertConsoleProductAvailable,
  productsAvailability,
} from '../../services/console-products.js';

const tags = ['sell'];

const SellBody = Type.Object(
  {
    product: Type.Union([
      Type.Literal('airtime'),
      Type.Literal('data'),
      Type.Literal('ELECTRICITY'),
      Type.Literal('CABLE'),
      Type.Literal('BETTING'),
    ]),
    network: Type.String(),
    customer_msisdn: Type.String(),
    amount: Type.String(),
    client_request_id: Type.String({ minLength: 8, maxLength: 100 }),
    plan_code: Type.Optional(Type.String()),
    phone: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const VerifyBody = Type.Object(
  {
    product: Type.Union([Type.Literal('ELECTRICITY'), Type.Literal('CABLE'), Type.Literal('BETTING')]),
    network: Type.String(),
    customer_msisdn: Type.String(),
    plan_code: Type.String(),
  },
  { additionalProperties: false },
);

/**
 * Selling from the console goes through the same service functions as the API (no second
 * implementation): the body is the spec's create body with the session's merchant filled in.
 * The page makes the client_request_id when the agent confirms, so a retried click after a
 * lost answer cannot sell twice (422).
 */
export function registerSellRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  // What the sell tiles show: each product's availability in the session's environment; and
  // the airtime bounds the airtime form checks an amount against before the node is asked.
  app.get(
    '/console/products',
    { schema: { tags, response: answer(ProductsAvailability) } },
    async (request) => {
      const caller = consoleCaller(s, sessionOf(request));
      return {
        environment: caller.environment,
        airtime_limits: airtimeLimits(s),
        products: productsAvailability(s, caller),
      };
    },
  );

  app.get(
    '/console/plans/data/:network',
    {
      schema: {
        tags,
        params: Type.Object({ network: Type.String() }),
        response: answer(Type.Object({ plans: Type.Array(DataPlanRow) })),
      },
    },
    async (request) => {
      sessionOf(request);
      return { plans: dataPlansResponse(s, request.params.network).data };
    },
  );

  app.get(
    '/console/plans/bills/:product',
    {
      schema: {
        tags,
        params: Type.Object({ product: Type.String() }),
        querystring: Type.Object({ network: Type.Optional(Type.String()) }),
        response: answer(Type.Object({ plans: Type.Array(BillPlanRow) })),
      },
    },
    async (request) => {
      sessionOf(request);
      return { plans: billPlansResponse(s, request.params.product, request.query.network).data };
    },
  );

  const verifySchema = { tags, body: VerifyBody, response: answer(VerifiedCustomer) };
  app.post('/console/verify', { schema: verifySchema }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    const body = request.body;
    assertConsoleProductAvailable(s, caller, body.product);
    checkLiveBillEnabled(caller, body.product);
    const data = await verifyFromRequest(s, caller, { ...body, merchant_code: caller.merchant.code });
    return { environment: caller.environment, customer: data };
  });

  // attachValidation: a used client_request_id answers 422 before the body's schema errors (placePurchase).
  const sellSchema = { tags, body: SellBody, response: answer(Sale) };
  app.post('/console/sell', { schema: sellSchema, attachValidation: true }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    const body: Record<string, unknown> = {
      ...request.body,
      merchant_code: caller.merchant.code,
    };
    const telco = body.product === 'airtime' || body.product === 'data';
    // Airtime and data answer pending at once and the page follows them; bills wait for the
    // biller, as they do on /v1 (the console follows the /v1 rules, betting phone included).
    const { purchase } = await createTransaction(
      s,
      caller,
      body,
      { surface: 'v1', mode: telco ? 'async' : 'sync' },
      {
        schemaError: request.validationError,
        checks: () => {
          assertConsoleProductAvailable(s, caller, String(body.product));
          assertWithinDailyLimit(s, caller, { kind: 'transaction', body });
        },
      },
    );
    return saleViews(s, caller.merchant.name, [purchase])[0];
  });
}
