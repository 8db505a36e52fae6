import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { checkLiveBillEnabled, createTransaction } from '../../services/transactions.js';
import { verifyFromRequest } from '../../services/bill-verify.js';
import { billPlansResponse, dataPlansResponse } from '../v1/plans.js';
import { consoleCaller, sessionOf } from './session.js';
import { saleViews } from './purchase-routes.js';
import { assertWithinDailyLimit } from '../../services/admin-sales-limit.js';
import { assertConsoleProductAvailable, productsAvailability } from '../../services/console-products.js';

const hide = { hide: true } as const;

const SellBody = Type.Object({
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
});

const VerifyBody = Type.Object({
  product: Type.Union([Type.Literal('ELECTRICITY'), Type.Literal('CABLE'), Type.Literal('BETTING')]),
  network: Type.String(),
  customer_msisdn: Type.String(),
  plan_code: Type.String(),
});

/**
 * Selling from the console goes through the same service functions as the API (no second
 * implementation): the body is the spec's create body with the session's merchant filled in.
 * The page makes the client_request_id when the agent confirms, so a retried click after a
 * lost answer cannot sell twice (422).
 */
export function registerSellRoutes(app: FastifyInstance, s: Services): void {
  // What the sell tiles show: each product's availability in the session's environment.
  app.get('/console/products', { schema: hide }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    return { environment: caller.environment, products: productsAvailability(s, caller) };
  });

  app.get('/console/plans/data/:network', { schema: hide }, async (request) => {
    sessionOf(request);
    return { plans: dataPlansResponse(s, (request.params as { network: string }).network).data };
  });

  app.get('/console/plans/bills/:product', { schema: hide }, async (request) => {
    sessionOf(request);
    const { product } = request.params as { product: string };
    return { plans: billPlansResponse(s, product, (request.query as { network?: string }).network).data };
  });

  app.post('/console/verify', { schema: { ...hide, body: VerifyBody } }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    const body = request.body as Record<string, string>;
    assertConsoleProductAvailable(s, caller, body.product);
    checkLiveBillEnabled(caller, body.product);
    const data = await verifyFromRequest(s, caller, { ...body, merchant_code: caller.merchant.code });
    return { environment: caller.environment, customer: data };
  });

  app.post('/console/sell', { schema: { ...hide, body: SellBody } }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    const body: Record<string, unknown> = {
      ...(request.body as Record<string, unknown>),
      merchant_code: caller.merchant.code,
    };
    assertConsoleProductAvailable(s, caller, String(body.product));
    assertWithinDailyLimit(s, caller, { kind: 'transaction', body });
    const telco = body.product === 'airtime' || body.product === 'data';
    // Airtime and data answer pending at once and the page follows them; bills wait for the
    // biller, as they do on /v1 (the console follows the /v1 rules, betting phone included).
    const { purchase } = await createTransaction(s, caller, body, {
      surface: 'v1',
      mode: telco ? 'async' : 'sync',
    });
    return saleViews(s, caller.merchant.name, [purchase])[0];
  });
}
