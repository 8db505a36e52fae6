import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Services } from '../../services/context.js';
import { createHandler } from '../v1/transactions.js';
import { NetworkParams, PlansEnvelope, dataPlansResponse } from '../v1/plans.js';
import { TransactionEnvelope, errorResponses } from '../schemas.js';
import { Type } from '@sinclair/typebox';

/**
 * The internal API (spec "Other"): GET /plans/{network} and POST /transactions with `plan`
 * instead of `plan_code`. Same merchant headers as /v1 (DESIGN), same code underneath.
 */
export function registerInternalRoutes(server: FastifyInstance, s: Services): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/plans/:network',
    {
      schema: {
        tags: ['internal'],
        summary: 'Data plans (internal API)',
        params: NetworkParams,
        response: { 200: PlansEnvelope, ...errorResponses },
      },
    },
    async (request) => dataPlansResponse(s, request.params.network),
  );
  app.post(
    '/transactions',
    {
      schema: {
        tags: ['internal'],
        summary: 'Create a transaction (internal API, field `plan`)',
        body: Type.Object(
          {
            merchant_code: Type.String(),
            customer_msisdn: Type.String(),
            network: Type.String(),
            amount: Type.String(),
            client_request_id: Type.String(),
            plan: Type.Optional(Type.Unsafe<unknown>({})),
          },
          { additionalProperties: true },
        ),
        response: { 200: TransactionEnvelope, ...errorResponses },
      },
      // A used client_request_id answers 422 before the body's schema errors (placePurchase).
      attachValidation: true,
    },
    createHandler(s, { surface: 'internal', mode: 'auto', planField: 'plan' }),
  );
}
