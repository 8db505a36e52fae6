import { randomInt } from 'node:crypto';
import proxyaddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';
import { tokensEqual } from '../services/console-auth.js';

/** The only socket addresses treated as "this machine"; the rest of 127.0.0.0/8 is not. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a relaying proxy adds: their presence means the real client is somewhere else. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;
/** Crockford base32 without look-alikes: easy to read off a screen and type on another machine. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 10;

/**
 * Whether a request comes from this machine itself: the TCP peer is 127.0.0.1 or ::1 (never the
 * Host header, which any client may set), and it was not relayed. A request arriving through a
 * trusted proxy, or carrying forwarding headers, speaks for a client elsewhere, so it is not local.
 */
export function loopbackCallerCheck(trustedProxies: string[]): (request: FastifyRequest) => boolean {
  const trusted = trustedProxies.length ? proxyaddr.compile(trustedProxies) : () => false;
  return (request) => {
    const peer = request.raw.socket.remoteAddress ?? '';
    if (!LOOPBACK.has(peer)) return false;
    if (trusted(peer, 0)) return false;
    return FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
  };
}

function newSetupCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function normalise(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * The one-time code that lets a caller on another machine claim a fresh node (create the first
 * admin). It lives in memory only: made at start while nobody has claimed the node, printed in the
 * start-up lines, and forgotten once setup is done; a restart before setup makes a new one.
 */
export class SetupClaim {
  private pending: string | null;

  constructor(setupRequired: boolean) {
    this.pending = setupRequired ? newSetupCode() : null;
  }

  /** The code to show the operator, or null once the node has been claimed. */
  get code(): string | null {
    return this.pending;
  }

  /** Constant-time check of a code typed by a remote caller (dashes, spaces and case ignored). */
  matches(sent: unknown): boolean {
    if (this.pending === null || typeof sent !== 'string' || sent.length > 64) return false;
    return tokensEqual(normalise(sent), normalise(this.pending));
  }

  /** Setup is done: no code opens it again. */
  close(): void {
    this.pending = null;
  }
}
