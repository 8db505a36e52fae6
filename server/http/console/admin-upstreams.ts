import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { answer, consoleErrors, typed } from './contract.js';
import {
  ConnectionTest,
  UpstreamBalances,
  UpstreamView,
  UpstreamsOverview,
} from './admin-upstream-schemas.js';

import type { Services } from '../../services/context.js';
import { getUpstreamByName, listRoutes, setRoutePriority, updateUpstream } from '../../store/upstreams.js';
import { checkUpstreamBalances } from '../../services/upstream-health.js';
import {
  createUpstream,
  savedUpstreamView,
  testUpstreamConnection,
  upstreamsOverview,
} from '../../services/admin-upstreams.js';
import { NotFound } from '../../domain/errors.js';
import { adminActor } from './admin-guard.js';
import { parseUpstreamOptions } from '../../domain/upstream-options.js';
import { OneLineText } from '../schema-blocks.js';
import { UPSTREAM_LIMITS } from '../../../common/input-limits.js';

const created = <T extends TSchema>(t: T) => ({ 201: t, ...consoleErrors });
const tags = ['admin: upstreams'];
const NameParams = Type.Object({ name: Type.String() });

const UpstreamBody = Type.Object(
  {
    name: OneLineText({ maxLength: UPSTREAM_LIMITS.name }),
    type: Type.Union([Type.Literal('simulator'), Type.Literal('vending-api')]),
    base_url: Type.Optional(Type.Union([OneLineText({ maxLength: UPSTREAM_LIMITS.baseUrl }), Type.Null()])),
    merchant_code: Type.Optional(
      Type.Union([OneLineText({ maxLength: UPSTREAM_LIMITS.merchantCode }), Type.Null()]),
    ),
    key: Type.Optional(Type.Union([OneLineText({ maxLength: UPSTREAM_LIMITS.key }), Type.Null()])),
    secret: Type.Optional(Type.Union([OneLineText({ maxLength: UPSTREAM_LIMITS.secret }), Type.Null()])),
    options: Type.Optional(Type.Unknown()),
    routes: Type.Optional(
      Type.Array(OneLineText({ maxLength: UPSTREAM_LIMITS.route }), { maxItems: UPSTREAM_LIMITS.routes }),
    ),
  },
  { additionalProperties: false },
);

const UpstreamPatch = Type.Object(
  {
    base_url: Type.Optional(OneLineText({ maxLength: UPSTREAM_LIMITS.baseUrl })),
    merchant_code: Type.Optional(OneLineText({ maxLength: UPSTREAM_LIMITS.merchantCode })),
    key: Type.Optional(OneLineText({ maxLength: UPSTREAM_LIMITS.key })),
    // Empty or absent keeps the stored secret: the page never has it to send back.
    secret: Type.Optional(OneLineText({ maxLength: UPSTREAM_LIMITS.secret })),
    options: Type.Optional(Type.Unknown()),
    enabled: Type.Optional(Type.Boolean()),
    routes: Type.Optional(
      Type.Array(OneLineText({ maxLength: UPSTREAM_LIMITS.route }), { maxItems: UPSTREAM_LIMITS.routes }),
    ),
  },
  { additionalProperties: false },
);

const blankToUndefined = (v: string | undefined) =>
  v === undefined || v.trim() === '' ? undefined : v.trim();

/**
 * Upstreams and routes. Secrets go in and never come out: every answer is
 * upstreamJson (has_secret only). Route lists are "product" or "product:NETWORK".
 */
export function registerAdminUpstreamRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  app.get('/console/admin/upstreams', { schema: { tags, response: answer(UpstreamsOverview) } }, async () =>
    upstreamsOverview(s),
  );

  app.post(
    '/console/admin/upstreams',
    { schema: { tags, body: UpstreamBody, response: created(UpstreamView) } },
    async (request, reply) => {
      const b = request.body;
      const saved = createUpstream(
        s,
        {
          name: b.name,
          type: b.type,
          baseUrl: b.base_url,
          merchantCode: b.merchant_code,
          key: b.key,
          secret: b.secret,
          options: b.options,
          routes: b.routes,
        },
        adminActor(request),
      );
      return reply.status(201).send(saved);
    },
  );

  app.patch(
    '/console/admin/upstreams/:name',
    { schema: { tags, params: NameParams, body: UpstreamPatch, response: answer(UpstreamView) } },
    async (request) => {
      const name = request.params.name;
      if (!getUpstreamByName(s.db, name)) throw new NotFound(`upstream ${name} not found`);
      const b = request.body;
      const u = updateUpstream(
        s.db,
        s.box,
        name,
        {
          baseUrl: blankToUndefined(b.base_url),
          merchantCode: blankToUndefined(b.merchant_code),
          keyId: blankToUndefined(b.key),
          secret: b.secret ? b.secret : undefined,
          options: b.options === undefined ? undefined : parseUpstreamOptions(b.options),
          enabled: b.enabled,
          products: b.routes?.map((r) => r.trim()).filter(Boolean),
        },
        adminActor(request),
      );
      return savedUpstreamView(s, u);
    },
  );

  // Health (GET /v1/healthz) and balance of one upstream, with the key and secret it holds.
  app.post(
    '/console/admin/upstreams/:name/test',
    { schema: { tags, params: NameParams, response: answer(ConnectionTest) } },
    async (request) => testUpstreamConnection(s, request.params.name, adminActor(request)),
  );

  // Reads every live upstream's balance now (the 5-minute job, on demand) and records it.
  app.post(
    '/console/admin/upstreams/check-balances',
    { schema: { tags, response: answer(UpstreamBalances) } },
    async () => ({
      upstreams: await checkUpstreamBalances(s),
    }),
  );

  /**
   * Moves a route one place up or down among the routes of its product and network. The two
   * priority writes run back to back with no await between them, so no request of this node
   * sees a half-moved order.
   */
  app.post(
    '/console/admin/routes/:id/move',
    {
      schema: {
        tags,
        // The id is checked by the handler (an unknown one is 404), as before.
        params: Type.Object({ id: Type.String() }),
        body: Type.Object(
          { direction: Type.Union([Type.Literal('up'), Type.Literal('down')]) },
          { additionalProperties: false },
        ),
        response: answer(UpstreamsOverview),
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const { direction } = request.body;
      const routes = listRoutes(s.db);
      const route = routes.find((r) => r.id === id);
      if (!route) throw new NotFound(`route ${id} not found`);
      const group = routes
        .filter((r) => r.product === route.product && r.network === route.network)
        .sort((a, b) => a.priority - b.priority || a.id - b.id);
      const at = group.indexOf(route);
      const other = group[direction === 'up' ? at - 1 : at + 1];
      if (other) {
        const actor = adminActor(request);
        // Equal priorities would tie; renumbering from the group's order keeps them distinct.
        const a = direction === 'up' ? at - 1 : at;
        const order = [...group];
        [order[a], order[a + 1]] = [order[a + 1], order[a]];
        order.forEach((r, i) => {
          if (r.priority !== i) setRoutePriority(s.db, r.id, i, actor);
        });
      }
      return upstreamsOverview(s);
    },
  );
}
