import { type FastifyInstance } from 'fastify';
import type { Services } from './services/context.js';
export declare const BODY_LIMIT: number;
/** Builds the node's HTTP app without listening (tests use app.inject or listen on port 0). */
export declare function buildApp(s: Services): Promise<FastifyInstance>;
