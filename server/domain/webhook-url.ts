import { BlockList, isIP } from 'node:net';

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

/** ::ffff:0:0/96: the first 64 bits zero, then ffff, then 0. */
function isIpv4Translated(address: string): boolean {
  const hextets = expandIpv6(address.toLowerCase());
  return (
    hextets !== null && hextets.slice(0, 4).every((h) => h === 0) && hextets[4] === 0xffff && hextets[5] === 0
  );
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts as two); null if it is not one. */
function expandIpv6(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, more] = text.split('::');
  if (more !== undefined) return null;
  const groups = (part: string | undefined) =>
    part ? part.split(':').map((h) => Number.parseInt(h, 16)) : [];
  const left = groups(head);
  const right = groups(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...left, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...right];
}

/**
 * Checks the form of an endpoint URL; returns the reason it is refused, or null. The URL is
 * taken as written or not at all: what the WHATWG parser would quietly repair (spaces and line
 * breaks dropped, `http:host` read as `http://host`) is refused, so the URL listed is the one
 * posted to.
 */
export function urlProblem(url: string, environment: 'test' | 'live'): string | null {
  if (url.length > 2000) return 'url is too long';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return 'url must not contain spaces, tabs or line breaks';
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'url must be an absolute http(s) URL';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'url must be http or https';
  if (!/^https?:\/\/[^/]/i.test(url)) return 'url must start with http:// or https:// and a host';
  if (environment === 'live' && u.protocol !== 'https:') return 'live endpoints must use https';
  if (u.username || u.password) return 'url must not carry credentials';
  if (u.port === '0') return 'url port must be between 1 and 65535';
  if (url.includes('#')) return 'url must not carry a #fragment: it is never sent';
  return null;
}

/** The form an accepted URL is stored and listed in: scheme and host lower-cased, as posted to. */
export const normalizedUrl = (url: string): string => new URL(url).href;
