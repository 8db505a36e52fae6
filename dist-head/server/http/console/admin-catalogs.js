import { Type } from '@sinclair/typebox';
import { browseCatalog, catalogSyncStatus, parseCatalogKind, setCatalogPlanActive, syncCatalogsNow, } from '../../services/admin-catalogs.js';
import { adminActor } from './admin-guard.js';
const hide = { hide: true };
/** Catalogs (issue 7): browse every catalog, enable or disable a plan, sync now, last sync. */
export function registerAdminCatalogRoutes(app, s) {
    app.get('/console/admin/catalogs/sync', { schema: hide }, async () => catalogSyncStatus(s));
    app.post('/console/admin/catalogs/sync', { schema: hide }, async () => syncCatalogsNow(s));
    app.get('/console/admin/catalogs/:kind', { schema: hide }, async (request) => {
        const kind = parseCatalogKind(request.params.kind);
        const q = request.query;
        return browseCatalog(s, kind, {
            search: q.search?.slice(0, 100),
            group: q.group,
            state: q.state,
            page: Number(q.page ?? 1) || 1,
            limit: Number(q.limit ?? 50) || 50,
        });
    });
    app.post('/console/admin/catalogs/:kind/:id/active', { schema: { ...hide, body: Type.Object({ active: Type.Boolean() }, { additionalProperties: false }) } }, async (request) => {
        const { kind, id } = request.params;
        return setCatalogPlanActive(s, parseCatalogKind(kind), id, request.body.active, adminActor(request));
    });
}
//# sourceMappingURL=admin-catalogs.js.map