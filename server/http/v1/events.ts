import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { callerOf } from '../access.js';
import { errorResponses, type ApiPrefix } from '../schemas.js';
import { PageSize, PatternText } from '../schema-blocks.js';
import { feedCursorProblem, listEvents } from '../../store/events.js';
import { InvalidInput } from '../../domain/errors.js';
import { eventBody } from '../../jobs/webhook-delivery.js';
import { specRoutes } from './spec-routes.js';
import { EventAdjustment, EventFunding } from './webhook-events-doc.js';

const Event = Type.Object({
  id: Type.String({ description: 'evt_…, unique and the same on every retry' }),
  type: Type.String(),
  created_at: Type.String({ description: 'RFC 3339, UTC' }),
  environment: Type.String(),
  data: Type.Unknown({ description: 'the status / order / balance answer for the object at that moment' }),
  funding: Type.Optional(EventFunding),
  adjustment: Type.Optional(EventAdjustment),
});

const EventsQuery = Type.Object({
  after: Type.Optional(
    PatternText('^(?:evt_)?[0-9]{1,16}$', 'must be an event id such as evt_1042', {
      description:
        "the id of the last event this feed gave you (400 when it is another merchant's or environment's, not recorded yet, or older than events of this feed pruned after 30 days); default: from the oldest kept",
    }),
  ),
  limit: Type.Optional(PageSize(500, { description: '1-500, default 100' })),
});

/** The event feed, for integrators who cannot receive webhooks. Mounted under both API prefixes. */
export function registerEventFeedRoutes(server: FastifyInstance, s: Services, prefix: ApiPrefix): void {
  specRoutes(server, prefix, 'webhooks').get(
    '/events',
    {
      summary: "The credential environment's events, oldest first, kept 30 days",
      querystring: EventsQuery,
      response: {
        200: Type.Object({
          status: Type.Literal('success'),
          data: Type.Array(Event),
          has_more: Type.Boolean(),
        }),
        ...errorResponses,
      },
    },
    async (request) => {
      const c = callerOf(request);
      const after = Number((request.query.after ?? '0').replace(/^evt_/, ''));
      const limit = Number(request.query.limit ?? 100);
      const problem = feedCursorProblem(s.db, c.merchant.id, c.environment, after);
      if (problem) throw new InvalidInput(problem, 'after');
      const rows = listEvents(s.db, c.merchant.id, c.environment, after, limit + 1);
      return {
        status: 'success' as const,
        data: rows.slice(0, limit).map(eventBody),
        has_more: rows.length > limit,
      };
    },
  );
}
