import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/**
 * The console: its /console API (issue 6) and the built renderer served at /. Everything
 * lives in one encapsulated scope so the cookie parser, the session hook and the CSP apply
 * to the console only, never to /v1.
 */
export declare function registerConsole(app: FastifyInstance, s: Services): Promise<void>;
