import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services, Caller } from '../services/context.js';
import { Forbidden, Unauthorized } from '../domain/errors.js';
import { parseAllowEntry } from '../domain/merchant-rules.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export function ipAllowed(ip: string, entries: string[]): boolean {
  const list = new BlockList();
  for (const e of entries) {
    const p = parseAllowEntry(e);
    if (p.prefix === null) list.addAddress(p.address, p.family);
    else list.addSubnet(p.address, p.prefix, p.family);
  }
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const family = isIP(mapped) === 6 ? 'ipv6' : 'ipv4';
  return list.check(mapped, family);
}

/**
 * Authenticates a merchant API request by its pair: the pair decides the environment;
 * live requests only from the merchant's allowlisted IPs (socket address, or X-Forwarded-For
 * from configured trusted proxies only — Fastify's trustProxy does that).
 */
export function authenticate(s: Services, request: FastifyRequest): Caller {
  const key = request.headers['x-merchant-key'];
  const secret = request.headers['x-merchant-secret'];
  if (typeof key !== 'string' || typeof secret !== 'string' || !key || !secret) throw new Unauthorized();
  const entry = s.credentials.verify(key, secret);
  if (!entry) throw new Unauthorized();
  const { cred, merchant } = entry;
  if (merchant.status !== 'active') throw new Forbidden('This merchant profile is suspended');
  if (cred.environment === 'live' && !ipAllowed(request.ip, merchant.allowIps)) {
    throw new Forbidden(
      `IP not whitelisted: ${request.ip} may not use live credentials for ${merchant.code}; the node's operator adds it to the merchant's live IP allowlist (console: Merchants; CLI: merchant update --allow-ip)`,
    );
  }
  return { merchant, environment: cred.environment, actor: `key:${cred.keyId}` };
}

/** Adds the merchant-credential check to every route of a scope. */
export function requireMerchantAuth(app: FastifyInstance, s: Services): void {
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      request.caller = authenticate(s, request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}

export function callerOf(request: Pick<FastifyRequest, 'caller'>): Caller {
  if (!request.caller) throw new Unauthorized();
  return request.caller;
}

/** What may follow the name in a Host header: nothing, or a colon and a port. */
const PORT_PART = /^(:\d{0,5})?$/;

/** DNS-rebinding guard: only our own names in the Host header. */
export function hostAllowed(hostHeader: string | undefined, allowed: string[]): boolean {
  if (!hostHeader) return false;
  const lower = hostHeader.toLowerCase();
  // "[::1]:7300" keeps its brackets; "localhost:7300" loses the port.
  const end = lower.startsWith('[') ? lower.indexOf(']') + 1 : lower.indexOf(':');
  const hostname = end <= 0 ? lower : lower.slice(0, end);
  // The port is not compared, but it must be one: `127.0.0.1:@evil.example` is not our name.
  if (end > 0 && !PORT_PART.test(lower.slice(end))) return false;
  return (
    hostname === 'localhost' ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]' ||
    allowed.some((h) => h.toLowerCase() === hostname)
  );
}

/**
 * hostAllowed for every request: Host headers that passed are remembered (a node sees a handful),
 * so the common case is one Map lookup. Refused values are not remembered, so a client sending
 * endless made-up hosts cannot grow the map.
 */
export function hostChecker(allowed: string[], remember = 64): (hostHeader: string | undefined) => boolean {
  const passed = new Set<string>();
  return (hostHeader) => {
    if (hostHeader !== undefined && passed.has(hostHeader)) return true;
    const ok = hostAllowed(hostHeader, allowed);
    if (ok && hostHeader !== undefined && passed.size < remember) passed.add(hostHeader);
    return ok;
  };
}
