import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services, Caller } from '../services/context.js';
declare module 'fastify' {
    interface FastifyRequest {
        caller: Caller | null;
    }
}
/** Parses an allowlist entry: an IPv4/IPv6 address or a CIDR. Throws a readable error. */
export declare function parseAllowEntry(entry: string): {
    address: string;
    prefix: number | null;
    family: 'ipv4' | 'ipv6';
};
export declare function ipAllowed(ip: string, entries: string[]): boolean;
/**
 * Authenticates a merchant API request by its pair: the pair decides the environment;
 * live requests only from the merchant's allowlisted IPs (socket address, or X-Forwarded-For
 * from configured trusted proxies only — Fastify's trustProxy does that).
 */
export declare function authenticate(s: Services, request: FastifyRequest): Caller;
/** Adds the merchant-credential check to every route of a scope. */
export declare function requireMerchantAuth(app: FastifyInstance, s: Services): void;
export declare function callerOf(request: FastifyRequest): Caller;
/** DNS-rebinding guard: only our own names in the Host header. */
export declare function hostAllowed(hostHeader: string | undefined, allowed: string[]): boolean;
