import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';

/** Gift-card and eSIM routes (issue 4) register here. */
export function registerOrderRoutes(_app: FastifyInstance, _s: Services): void {}
