import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { consoleErrors, ConsoleError, typed } from './contract.js';
import { Sale } from './console-schemas.js';
import type { Services } from '../../services/context.js';
import { reverseSale } from '../../services/reversals.js';
import { getMerchantById } from '../../store/merchants.js';
import { adminActor } from './admin-guard.js';
import { OneLineText } from '../schema-blocks.js';
import { OPERATOR_REASON_MAX } from '../../../common/operator-reason.js';
import { saleViews } from './purchase-routes.js';

const tags = ['admin: attention'];
const RefParams = Type.Object({ ref: Type.String({ description: 'internal reference or request id' }) });
const ReverseBody = Type.Object(
  {
    reason: OneLineText({
      maxLength: OPERATOR_REASON_MAX,
      description: 'why; kept in the audit log and shown to the integrator',
    }),
  },
  { additionalProperties: false },
);

/**
 * An admin reverses a completed sale (the provider or the customer proved it was not
 * delivered): its debit goes back to the wallet once, audited with who and why. 409 when it
 * is not a completed sale or was already reversed.
 */
export function registerAdminReversalRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  app.post(
    '/console/admin/purchases/:ref/reverse',
    {
      schema: {
        tags,
        summary: 'Reverse a completed sale: credit its debit back to the wallet once',
        params: RefParams,
        body: ReverseBody,
        response: { 200: Sale, ...consoleErrors, 409: ConsoleError },
      },
    },
    async (request) => {
      const p = await reverseSale(s, {
        reference: request.params.ref,
        reason: request.body.reason,
        actor: adminActor(request),
        source: 'admin',
      });
      return saleViews(s, getMerchantById(s.db, p.merchantId)?.name ?? '', [p])[0];
    },
  );
}
