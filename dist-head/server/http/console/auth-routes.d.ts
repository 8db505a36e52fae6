import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
import { LoginThrottle } from '../../services/console-auth.js';
import type { Environment } from '../../store/credentials-crypto.js';
/** Environments the console may switch to: test always; live only while a live pair is active. */
export declare function environmentsOf(s: Services, merchantId: number): Environment[];
export declare function registerAuthRoutes(app: FastifyInstance, s: Services, throttle: LoginThrottle): void;
