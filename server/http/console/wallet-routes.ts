import { ledgerEntryJson } from './admin-wallets.js';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
import { getWallet, listLedger } from '../../store/wallets.js';
import { formatNaira } from '../../domain/money.js';
import { InvalidInput } from '../../domain/errors.js';
import type { Environment } from '../../store/credentials-crypto.js';
import { consoleCaller, sessionOf } from './session.js';
import { LedgerPageQuery } from '../schema-blocks.js';

const hide = { hide: true } as const;

/** Both wallets of the session's merchant, and each wallet's ledger newest first. */
export function registerWalletRoutes(app: FastifyInstance, s: Services): void {
  app.get('/console/wallets', { schema: hide }, async (request) => {
    const caller = consoleCaller(s, sessionOf(request));
    return {
      wallets: (['test', 'live'] as const).map((env) => {
        const w = getWallet(s.db, caller.merchant.id, env);
        return {
          environment: env,
          balance: formatNaira(w.balanceKobo),
          balance_kobo: w.balanceKobo,
          updated_at: w.updatedAt,
        };
      }),
    };
  });

  app.get(
    '/console/wallets/:env/ledger',
    { schema: { ...hide, querystring: LedgerPageQuery } },
    async (request) => {
      const caller = consoleCaller(s, sessionOf(request));
      const env = (request.params as { env: string }).env;
      if (env !== 'test' && env !== 'live') throw new InvalidInput('the wallet must be test or live', 'env');
      const q = request.query as { before?: string; limit?: string };
      const limit = Number(q.limit ?? 50);
      const before = q.before === undefined ? undefined : Number(q.before);
      const wallet = getWallet(s.db, caller.merchant.id, env as Environment);
      const rows = listLedger(s.db, wallet.id, { limit, beforeId: before });
      return {
        environment: env,
        entries: rows.map(ledgerEntryJson),
        next_before: rows.length === limit ? rows[rows.length - 1].id : null,
      };
    },
  );
}
