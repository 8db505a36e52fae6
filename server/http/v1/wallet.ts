import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { callerOf } from '../access.js';
import { getWallet } from '../../store/wallets.js';
import { walletBalanceAnswer } from '../../store/events.js';
import { errorResponses, type ApiPrefix } from '../schemas.js';
import { specRoutes } from './spec-routes.js';

/** The balance answer (also the `data` of the wallet.* webhook events). */
export const BalanceEnvelope = Type.Object({
  status: Type.Literal('success'),
  data: Type.Array(
    Type.Object({
      environment: Type.String(),
      currency: Type.Literal('NGN'),
      balance: Type.String(),
      updated_at: Type.String(),
    }),
  ),
  total: Type.String(),
});

export function registerWalletRoutes(server: FastifyInstance, s: Services, prefix: ApiPrefix): void {
  const routes = specRoutes(server, prefix, 'wallet');
  routes.get(
    '/wallet/balance',
    {
      summary: "The credential environment's wallet balance",
      response: { 200: BalanceEnvelope, ...errorResponses },
    },
    async (request) => {
      const caller = callerOf(request);
      return walletBalanceAnswer(getWallet(s.db, caller.merchant.id, caller.environment));
    },
  );
}
