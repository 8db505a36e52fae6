import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import {
  browseCatalog,
  catalogSyncStatus,
  parseCatalogKind,
  setCatalogPlanActive,
  syncCatalogsNow,
} from '../../services/admin-catalogs.js';
import { adminActor } from './admin-guard.js';
import { PageNumber, PageSize } from '../schema-blocks.js';

const hide = { hide: true } as const;
const CatalogPageQuery = Type.Object({
  page: Type.Optional(PageNumber({ description: 'default 1' })),
  limit: Type.Optional(PageSize(200, { description: 'plans per page, default 50' })),
});

/** Catalogs: browse every catalog, enable or disable a plan, sync now, last sync. */
export function registerAdminCatalogRoutes(app: FastifyInstance, s: Services): void {
  app.get('/console/admin/catalogs/sync', { schema: hide }, async () => catalogSyncStatus(s));

  app.post('/console/admin/catalogs/sync', { schema: hide }, async () => syncCatalogsNow(s));

  app.get(
    '/console/admin/catalogs/:kind',
    { schema: { ...hide, querystring: CatalogPageQuery } },
    async (request) => {
      const kind = parseCatalogKind((request.params as { kind: string }).kind);
      const q = request.query as {
        search?: string;
        group?: string;
        state?: string;
        page?: string;
        limit?: string;
      };
      return browseCatalog(s, kind, {
        search: q.search?.slice(0, 100),
        group: q.group,
        state: q.state,
        page: Number(q.page ?? 1),
        limit: Number(q.limit ?? 50),
      });
    },
  );

  app.post(
    '/console/admin/catalogs/:kind/:id/active',
    { schema: { ...hide, body: Type.Object({ active: Type.Boolean() }, { additionalProperties: false }) } },
    async (request) => {
      const { kind, id } = request.params as { kind: string; id: string };
      return setCatalogPlanActive(
        s,
        parseCatalogKind(kind),
        id,
        (request.body as { active: boolean }).active,
        adminActor(request),
      );
    },
  );
}
