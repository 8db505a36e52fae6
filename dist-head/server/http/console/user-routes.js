import { Type } from '@sinclair/typebox';
import { createConsoleUser, listConsoleUsers } from '../../store/console-users.js';
import { getMerchantById, requireMerchant } from '../../store/merchants.js';
import { hashPassword, parseNewPassword, parseUsername } from '../../services/console-auth.js';
import { parseNaira } from '../../domain/money.js';
import { requireRole } from './session.js';
const hide = { hide: true };
function userView(s, u) {
    return {
        id: u.id,
        username: u.username,
        role: u.role,
        merchant_code: getMerchantById(s.db, u.merchantId)?.code ?? '',
        active: u.active,
        daily_sales_limit: u.dailySalesLimitKobo === null ? null : (u.dailySalesLimitKobo / 100).toFixed(2),
        created_at: u.createdAt,
    };
}
/** Console users, admins only. The admin pages (issue 7) build their Users screen on these. */
export function registerUserRoutes(app, s) {
    app.get('/console/users', { schema: hide }, async (request) => {
        requireRole(request, 'admin');
        return { users: listConsoleUsers(s.db).map((u) => userView(s, u)) };
    });
    app.post('/console/users', {
        // The role is checked before the body, so an agent always gets 403, never a 400 hint.
        preValidation: async (request) => {
            requireRole(request, 'admin');
        },
        schema: {
            ...hide,
            body: Type.Object({
                username: Type.String(),
                password: Type.String(),
                role: Type.Union([Type.Literal('admin'), Type.Literal('agent')]),
                merchant_code: Type.String(),
                daily_sales_limit: Type.Optional(Type.Union([Type.String(), Type.Null()])),
            }),
        },
    }, async (request, reply) => {
        const session = requireRole(request, 'admin');
        const body = request.body;
        const username = parseUsername(body.username);
        const password = parseNewPassword(body.password);
        const merchant = requireMerchant(s.db, body.merchant_code);
        const limit = body.daily_sales_limit ? parseNaira(body.daily_sales_limit, 'daily_sales_limit') : null;
        const user = createConsoleUser(s.db, {
            merchantId: merchant.id,
            username,
            role: body.role,
            passwordHash: await hashPassword(password),
            dailySalesLimitKobo: limit,
        }, `user:${session.user.username}`);
        return reply.status(201).send(userView(s, user));
    });
}
//# sourceMappingURL=user-routes.js.map