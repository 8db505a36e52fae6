import ipaddr from 'ipaddr.js';

/**
 * Whose bucket a client address counts against, for the per-IP limits (the request limiter and
 * the sign-in throttle). An IPv4 address is its own; an IPv6 one counts for its whole /64, which
 * is what one subscriber is handed: keyed per address, one client could rotate through 2^64 of
 * them and never be limited (and grow the limiter's map). An IPv4-mapped address is its IPv4.
 */
export function clientBucket(ip: string): string {
  // The hot path: every request from an IPv4 client (and every benchmark call) ends here.
  if (!ip.includes(':')) return ip;
  if (!ipaddr.IPv6.isValid(ip)) return ip;
  const v6 = ipaddr.IPv6.parse(ip);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}
