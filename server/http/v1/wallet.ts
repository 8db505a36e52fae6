import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { callerOf } from '../access.js';
import { getWallet } from '../../store/wallets.js';
import { formatNaira } from '../../domain/money.js';
import { sqlTime } from './transaction-views.js';
import type { ApiPrefix } from '../schemas.js';

const BalanceEnvelope = Type.Object({
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
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    `${prefix}/wallet/balance`,
    {
      schema: {
        tags: ['wallet'],
        summary: "The credential environment's wallet balance",
        response: { 200: BalanceEnvelope },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const w = getWallet(s.db, caller.merchant.id, caller.environment);
      const balance = formatNaira(w.balanceKobo);
      return {
        status: 'success' as const,
        data: [
          { environment: w.environment, currency: 'NGN' as const, balance, updated_at: sqlTime(w.updatedAt) },
        ],
        total: balance,
      };
    },
  );
}
