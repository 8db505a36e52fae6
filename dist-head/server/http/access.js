import { BlockList, isIP } from 'node:net';
import { secretMatches } from '../store/credentials-crypto.js';
import { Forbidden, InvalidInput, Unauthorized } from '../domain/errors.js';
/** Parses an allowlist entry: an IPv4/IPv6 address or a CIDR. Throws a readable error. */
export function parseAllowEntry(entry) {
    const [address, prefixText] = entry.trim().split('/');
    const v = isIP(address);
    if (!v)
        throw new InvalidInput(`"${entry}" is not an IP address or CIDR`, 'allow_ips');
    const family = v === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined)
        return { address, prefix: null, family };
    const prefix = Number(prefixText);
    if (!/^\d+$/.test(prefixText) || prefix < 0 || prefix > (v === 4 ? 32 : 128)) {
        throw new InvalidInput(`"${entry}" has an invalid prefix length`, 'allow_ips');
    }
    return { address, prefix, family };
}
export function ipAllowed(ip, entries) {
    const list = new BlockList();
    for (const e of entries) {
        const p = parseAllowEntry(e);
        if (p.prefix === null)
            list.addAddress(p.address, p.family);
        else
            list.addSubnet(p.address, p.prefix, p.family);
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
export function authenticate(s, request) {
    const key = request.headers['x-merchant-key'];
    const secret = request.headers['x-merchant-secret'];
    if (typeof key !== 'string' || typeof secret !== 'string' || !key || !secret)
        throw new Unauthorized();
    const entry = s.credentials.lookup(key);
    if (!entry || !secretMatches(secret, entry.cred.secretHash))
        throw new Unauthorized();
    const { cred, merchant } = entry;
    if (merchant.status !== 'active')
        throw new Forbidden('This merchant profile is suspended');
    if (cred.environment === 'live' && !ipAllowed(request.ip, merchant.allowIps)) {
        throw new Forbidden(`IP not whitelisted: ${request.ip} may not use live credentials for ${merchant.code}`);
    }
    return { merchant, environment: cred.environment, actor: `key:${cred.keyId}` };
}
/** Adds the merchant-credential check to every route of a scope. */
export function requireMerchantAuth(app, s) {
    app.addHook('onRequest', (request, _reply, done) => {
        try {
            request.caller = authenticate(s, request);
        }
        catch (error) {
            done(error);
            return;
        }
        done();
    });
}
export function callerOf(request) {
    if (!request.caller)
        throw new Unauthorized();
    return request.caller;
}
/** DNS-rebinding guard: only our own names in the Host header. */
export function hostAllowed(hostHeader, allowed) {
    if (!hostHeader)
        return false;
    const lower = hostHeader.toLowerCase();
    // "[::1]:7300" keeps its brackets; "localhost:7300" loses the port.
    const hostname = lower.startsWith('[') ? lower.slice(0, lower.indexOf(']') + 1) : lower.split(':')[0];
    return (hostname === 'localhost' ||
        hostname === '127.0.0.1' ||
        hostname === '[::1]' ||
        allowed.some((h) => h.toLowerCase() === hostname));
}
//# sourceMappingURL=access.js.map