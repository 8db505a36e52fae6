import { dashboard } from '../../services/admin-dashboard.js';
import { InvalidInput } from '../../domain/errors.js';
const hide = { hide: true };
/** Dashboard (issue 7): today's sales by product and status, balances, pending, upstream health. */
export function registerAdminDashboardRoutes(app, s) {
    app.get('/console/admin/dashboard', { schema: hide }, async (request) => {
        const env = request.query.environment ?? 'live';
        if (env !== 'test' && env !== 'live')
            throw new InvalidInput('environment must be test or live', 'environment');
        return dashboard(s, env);
    });
}
//# sourceMappingURL=admin-dashboard.js.map