import { Type } from '@sinclair/typebox';
import { Lit, Nullable, StoredJson } from './admin-schema-blocks.js';

/** The admin console's answers about catalogs: their pages and the catalog sync runs. */

export const CatalogSyncRun = Type.Object({
  id: Type.Integer(),
  trigger: Type.String(),
  started_at: Type.String(),
  finished_at: Type.String(),
  ok: Type.Boolean(),
  summary: StoredJson(
    Type.Object(
      {
        upstreams: Type.Optional(
          Type.Array(
            Type.Object(
              { name: Type.String(), ok: Type.Boolean(), error: Nullable(Type.String()) },
              { additionalProperties: true },
            ),
          ),
        ),
        changes: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Type.Integer()))),
      },
      { additionalProperties: true },
    ),
  ),
});

const CatalogKind = Lit('data', 'bill', 'giftcard', 'esim');

export const CatalogRow = Type.Object({
  kind: CatalogKind,
  id: Type.String(),
  name: Type.String(),
  group: Type.String(),
  detail: Type.String(),
  price: Type.String(),
  active: Type.Boolean(),
});

export const CatalogPage = Type.Object({
  kind: CatalogKind,
  rows: Type.Array(CatalogRow),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  groups: Type.Array(Type.String()),
  counts: Type.Object({ all: Type.Integer(), active: Type.Integer() }),
});

export const CatalogSyncStatus = Type.Object({ last: Nullable(CatalogSyncRun) });

export const CatalogSyncReport = Type.Object({
  ok: Type.Boolean(),
  trigger: Type.String(),
  started_at: Type.String(),
  finished_at: Type.String(),
  upstreams: Type.Array(
    Type.Object({
      name: Type.String(),
      ok: Type.Boolean(),
      error: Nullable(Type.String()),
      sections: Type.Array(Type.String()),
    }),
  ),
  changes: Type.Record(Type.String(), Type.Unknown(), { description: 'counts per catalog section' }),
  skipped_rows: Type.Record(Type.String(), Type.Unknown(), { description: 'rows skipped per section' }),
});

export const CatalogSyncNow = Type.Object({ report: CatalogSyncReport, last: Nullable(CatalogSyncRun) });
