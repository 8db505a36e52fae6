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
import { answer, typed } from './contract.js';
import { CatalogPage, CatalogRow, CatalogSyncNow, CatalogSyncStatus } from './admin-catalog-schemas.js';

import { PageNumber, PageSize } from '../schema-blocks.js';

const CatalogPageQuery = {
  page: Type.Optional(PageNumber({ description: 'default 1' })),
  limit: Type.Optional(PageSize(200, { description: 'plans per page, default 50' })),
};
const tags = ['admin: catalogs'];

/** Catalogs: browse every catalog, enable or disable a plan, sync now, last sync. */
export function registerAdminCatalogRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  app.get(
    '/console/admin/catalogs/sync',
    { schema: { tags, response: answer(CatalogSyncStatus) } },
    async () => catalogSyncStatus(s),
  );

  app.post('/console/admin/catalogs/sync', { schema: { tags, response: answer(CatalogSyncNow) } }, async () =>
    syncCatalogsNow(s),
  );

  const browseSchema = {
    tags,
    params: Type.Object({ kind: Type.String() }),
    querystring: Type.Object({
      search: Type.Optional(Type.String()),
      group: Type.Optional(Type.String()),
      state: Type.Optional(Type.String()),
      ...CatalogPageQuery,
    }),
    response: answer(CatalogPage),
  };
  app.get('/console/admin/catalogs/:kind', { schema: browseSchema }, async (request) => {
    const kind = parseCatalogKind(request.params.kind);
    const q = request.query;
    return browseCatalog(s, kind, {
      search: q.search?.slice(0, 100),
      group: q.group,
      state: q.state,
      page: Number(q.page ?? 1),
      limit: Number(q.limit ?? 50),
    });
  });

  app.post(
    '/console/admin/catalogs/:kind/:id/active',
    {
      schema: {
        tags,
        params: Type.Object({ kind: Type.String(), id: Type.String() }),
        body: Type.Object({ active: Type.Boolean() }, { additionalProperties: false }),
        response: answer(CatalogRow),
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      return setCatalogPlanActive(s, parseCatalogKind(kind), id, request.body.active, adminActor(request));
    },
  );
}
