import { getWallet, listLedger } from '../../store/wallets.js';
import { formatNaira } from '../../domain/money.js';
import { InvalidInput } from '../../domain/errors.js';
import { consoleCaller, sessionOf } from './session.js';
const hide = { hide: true };
/** Both wallets of the session's merchant, and each wallet's ledger newest first. */
export function registerWalletRoutes(app, s) {
    app.get('/console/wallets', { schema: hide }, async (request) => {
        const caller = consoleCaller(s, sessionOf(request));
        return {
            wallets: ['test', 'live'].map((env) => {
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
    app.get('/console/wallets/:env/ledger', { schema: hide }, async (request) => {
        const caller = consoleCaller(s, sessionOf(request));
        const env = request.params.env;
        if (env !== 'test' && env !== 'live')
            throw new InvalidInput('the wallet must be test or live', 'env');
        const q = request.query;
        const limit = Math.min(200, Math.max(1, Number(q.limit ?? 50) || 50));
        const before = q.before ? Number(q.before) : undefined;
        if (before !== undefined && !Number.isSafeInteger(before))
            throw new InvalidInput('before must be an entry id', 'before');
        const wallet = getWallet(s.db, caller.merchant.id, env);
        const rows = listLedger(s.db, wallet.id, { limit, beforeId: before });
        return {
            environment: env,
            entries: rows.map((r) => ({
                id: r.id,
                kind: r.kind,
                amount: formatNaira(r.amount_kobo),
                amount_kobo: r.amount_kobo,
                balance_after: formatNaira(r.balance_after_kobo),
                reference: r.internal_reference ?? '',
                reason: r.reason,
                actor: r.actor,
                created_at: r.created_at,
            })),
            next_before: rows.length === limit ? rows[rows.length - 1].id : null,
        };
    });
}
//# sourceMappingURL=wallet-routes.js.map