import { BlockList, isIP } from 'node:net';
import { tooLongWords, WEBHOOK_URL_MAX } from '../../common/input-limits.js';

/**
 * Where a webhook may be sent. Loopback, private, link-local (cloud metadata lives at
 * 169.254.169.254), CGNAT, unspecified, unique-local and IPv4-in-IPv6 (NAT64, 6to4, Teredo,
 * IPv4-compatible) addresses are refused unless the
 * operator allows private targets explicitly; the check is applied to the address actually
 * connected to, not only at save time, so DNS rebinding cannot slip past it.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  // Documentation ranges: never a real receiver.
  ['192.0.2.0', 24],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
// IPv6 forms that carry or tunnel an IPv4 address (IPv4-compatible ::a.b.c.d, IPv4-translated,
// NAT64, 6to4, Teredo) are refused whatever they carry: on a host with NAT64 or a 6to4 relay they can reach
// an internal IPv4 address, and a real receiver has a native address besides.
for (const [net, prefix] of [
  ['::', 96],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['2001::', 32],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local: deprecated (RFC 3879) but still routed inside some networks.
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // IPv4-mapped (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1], 'ipv4');
    // IPv4-translated (SIIT, ::ffff:0:a.b.c.d) carries an IPv4 address too; BlockList cannot
    // hold its prefix (it reads ::ffff:0:0/96 as every IPv4 address), so it is matched here.
    if (isIpv4Translated(address)) return true;
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

/**
 * ::ffff:0:0/96. The URL parser writes an IPv6 address in its one canonical form (lower case,
 * the longest run of zero groups as ::, a dotted tail as hex), where this prefix always reads
 * `::ffff:0:` and two more groups (a zone id, which it does not take, is left out).
 */
function isIpv4Translated(address: string): boolean {
  try {
    return /^\[::ffff:0:[0-9a-f]{1,4}:[0-9a-f]{1,4}\]$/.test(
      new URL(`http://[${address.replace(/%.*$/, '')}]/`).hostname,
    );
  } catch {
    return false;
  }
}

/** The port as written after an http(s) URL's host, when the URL has one ("" for `host:`). */
function writtenPort(url: string): string | undefined {
  return /^https?:\/\/(?:[^/?#@]*@)?(?:\[[^\]]*\]|[^/?#:[]*):([^/?#]*)/i.exec(url)?.[1];
}

const PORT_RANGE = 'url port must be between 1 and 65535';

/**
 * Checks the form of an endpoint URL; returns the reason it is refused, or null. The URL is
 * taken as written or not at all: what the WHATWG parser would quietly repair (spaces and line
 * breaks dropped, `http:host` read as `http://host`) is refused, so the URL listed is the one
 * posted to.
 */
export function urlProblem(url: string, environment: 'test' | 'live'): string | null {
  // The longest endpoint URL taken: a delivery's request line carries it.
  if (url.length > WEBHOOK_URL_MAX) return tooLongWords('url', WEBHOOK_URL_MAX);
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return 'url must not contain spaces, tabs or line breaks';
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    // The parser refuses a port above 65535 or not a number: said as what it is.
    const port = writtenPort(url);
    const portInRange = port !== undefined && /^\d{1,5}$/.test(port) && Number(port) <= 65535;
    return port && !portInRange ? PORT_RANGE : 'url must be an absolute http(s) URL';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'url must be http or https';
  if (!/^https?:\/\/[^/]/i.test(url)) return 'url must start with http:// or https:// and a host';
  if (environment === 'live' && u.protocol !== 'https:') return 'live endpoints must use https';
  if (u.username || u.password) return 'url must not carry credentials';
  if (u.port === '0') return PORT_RANGE;
  if (url.includes('#')) return 'url must not carry a #fragment: it is never sent';
  return null;
}

/** The form an accepted URL is stored and listed in: scheme and host lower-cased, as posted to. */
export const normalizedUrl = (url: string): string => new URL(url).href;
