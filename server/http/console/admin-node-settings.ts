import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import {
  OPERATOR_SETTING_KEYS,
  operatorSettingJson,
  operatorSettingKey,
  setOperatorSetting,
  unsetOperatorSetting,
} from '../../services/operator-settings.js';
import { adminActor } from './admin-guard.js';
import { answer, typed } from './contract.js';

const tags = ['admin: settings'];

const NodeSetting = Type.Object({
  key: Type.Union(OPERATOR_SETTING_KEYS.map((k) => Type.Literal(k))),
  value: Type.String({ description: 'in force, as stored: a cron schedule, or a Naira amount ("20000.00")' }),
  default: Type.String(),
  source: Type.Union([Type.Literal('set'), Type.Literal('default')], {
    description: '`set`: a stored value applies; `default`: none is stored',
  }),
});

/**
 * The node settings an operator may set (services/operator-settings.ts), as the CLI's
 * `settings` command sets them: the catalog sync's schedule, the upstreams' default low-balance
 * alert. The running node applies a change at once (the schedule within 5 seconds).
 */
export function registerAdminNodeSettingRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  app.get(
    '/console/admin/node-settings',
    { schema: { tags, response: answer(Type.Object({ settings: Type.Array(NodeSetting) })) } },
    async () => ({ settings: OPERATOR_SETTING_KEYS.map((k) => operatorSettingJson(s.db, k)) }),
  );

  app.put(
    '/console/admin/node-settings/:key',
    {
      schema: {
        tags,
        params: Type.Object({ key: Type.String() }),
        body: Type.Object(
          {
            value: Type.Union([Type.String(), Type.Null()], {
              description:
                'as typed (a cron schedule, a Naira amount like "20000"); null: back to the default',
            }),
          },
          { additionalProperties: false },
        ),
        response: answer(NodeSetting),
      },
    },
    async (request) => {
      const key = operatorSettingKey(request.params.key);
      const { value } = request.body;
      return value === null
        ? unsetOperatorSetting(s.db, key, adminActor(request))
        : setOperatorSetting(s.db, key, value, adminActor(request));
    },
  );
}
