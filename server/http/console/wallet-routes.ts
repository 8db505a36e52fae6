import { ledgerEntryJson } from './admin-wallets.js';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
import { getWallet, listLedger } from '../../store/wallets.js';
import { koboToApiNaira } from '../../../common/money.js';
import { Forbidden, InvalidInput } from '../../domain/errors.js';
import { consoleCaller, sessionOf } from './session.js';
import { mayView } from '../../services/console-environments.js';
import { Type } from '@sinclair/typebox';
import { answer, typed } from './contract.js';
import { LedgerPage, WalletInfo } from './console-schemas.js';
import { LedgerPageQuery } from '../schema-blocks.js';

const tags = ['wallets'];

/** Both wallets of the session's merchant, and each wallet's ledger newest first. */
export function registerWalletRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  const walletsSchema = {
    tags,
    response: answer(Type.Object({ wallets: Type.Array(WalletInfo) })),
  };
  app.get('/console/wallets', { schema: walletsSchema }, async (request) => {
    const session = sessionOf(request);
    const caller = consoleCaller(s, session);
    return {
      // Only the wallets of the environments the admin allows this user: a test-only agent
      // has no business with the live balance.
      wallets: (['test', 'live'] as const)
        .filter((env) => mayView(session.user, env))
        .map((env) => {
          const w = getWallet(s.db, caller.merchant.id, env);
          return {
            environment: env,
            balance: koboToApiNaira(w.balanceKobo),
            balance_kobo: w.balanceKobo,
            updated_at: w.updatedAt,
          };
        }),
    };
  });

  const ledgerSchema = {
    tags,
    // The wallet name is checked by the handler, so a wrong one gets its message.
    params: Type.Object({ env: Type.String() }),
    querystring: LedgerPageQuery,
    response: answer(LedgerPage),
  };
  app.get('/console/wallets/:env/ledger', { schema: ledgerSchema }, async (request) => {
    const session = sessionOf(request);
    const caller = consoleCaller(s, session);
    const env = request.params.env;
    if (env !== 'test' && env !== 'live') throw new InvalidInput('the wallet must be test or live', 'env');
    if (!mayView(session.user, env))
      throw new Forbidden(
        `Your admin has not allowed you to sell in ${env}, so its wallet is not shown to you`,
      );
    const q = request.query;
    const limit = Number(q.limit ?? 50);
    const before = q.before === undefined ? undefined : Number(q.before);
    const wallet = getWallet(s.db, caller.merchant.id, env);
    const rows = listLedger(s.db, wallet.id, { limit, beforeId: before });
    return {
      environment: wallet.environment,
      entries: rows.map(ledgerEntryJson),
      next_before: rows.length === limit ? rows[rows.length - 1].id : null,
    };
  });
}
