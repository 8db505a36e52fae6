import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import proxyaddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import { clientBucket } from '../domain/client-bucket.js';
import { errorBody } from './errors.js';

/** Seconds a refused client is told to wait: about what a sale takes to answer. */
export const CONNECTION_RETRY_AFTER_S = 5;
/**
 * Refused connections being answered at once; past it a new one is closed without an answer,
 * so a flood of refusals cannot itself use up the descriptors the refusals protect.
 */
const ANSWERING_MAX = 64;
/**
 * Of those, from one client address (loopback and trusted proxies aside): a client that never
 * reads its refusals takes a few of the slots, not all, so others still get an answer.
 */
const ANSWERING_PER_CLIENT = 4;
/** How long a refused connection may take to read its answer and close. */
const ANSWER_LINGER_MS = 1_000;
/** A refusal is logged at most once a minute per client address (and once for the ceiling). */
const LOG_EVERY_MS = 60_000;
/** Addresses remembered for the log's once-a-minute rule; past it, old ones are forgotten. */
const LOG_MEMORY = 1_000;

export type Refusal = 'per-address' | 'ceiling';

export interface CapOptions {
  /** Connections one client address may hold open; 0: no per-address cap. */
  perAddress: number;
  /** Connections the node holds open at once, from every address together. */
  ceiling: number;
  /** Addresses the per-address cap does not count (loopback, trusted proxies). */
  exempt: (address: string) => boolean;
}

/**
 * Loopback is this machine: the desktop console, the benchmarks, a local integrator, a TLS proxy
 * in front. All of 127.0.0.0/8 and ::1 (and 127/8 mapped into IPv6): the kernel does not accept
 * such a source address from another machine, so no client on the LAN can claim one.
 */
export function isLoopbackAddress(address: string): boolean {
  if (address.startsWith('127.')) return true;
  if (!address.includes(':') || !ipaddr.IPv6.isValid(address)) return false;
  const v6 = ipaddr.IPv6.parse(address);
  if (v6.range() === 'loopback') return true;
  return v6.isIPv4MappedAddress() && v6.toIPv4Address().range() === 'loopback';
}

/** What the per-address cap does not count: loopback (unless tests count it) and trusted proxies. */
export function exemptAddresses(
  trustedProxies: string[],
  countLoopback = false,
): (address: string) => boolean {
  const trusted = trustedProxies.length ? proxyaddr.compile(trustedProxies) : () => false;
  return (address) => (!countLoopback && isLoopbackAddress(address)) || trusted(address, 0);
}

/**
 * The open connections, in all and per client address (an IPv6 client counts for its /64, as
 * for the rate limits). `admit` counts a connection or says which cap refuses it; `release`
 * uncounts an admitted one when it closes.
 */
export class ConnectionCounter {
  private total = 0;
  private readonly byClient = new Map<string, number>();

  constructor(private readonly o: CapOptions) {}

  get open(): number {
    return this.total;
  }

  openFrom(address: string): number {
    return this.byClient.get(clientBucket(address)) ?? 0;
  }

  /** The client key the connection was counted under ('' when not per address), or a refusal. */
  admit(address: string | undefined): { key: string } | { refused: Refusal } {
    if (this.total >= this.o.ceiling) return { refused: 'ceiling' };
    let key = '';
    if (this.o.perAddress > 0 && address !== undefined && !this.o.exempt(address)) {
      key = clientBucket(address);
      const held = this.byClient.get(key) ?? 0;
      if (held >= this.o.perAddress) return { refused: 'per-address' };
      this.byClient.set(key, held + 1);
    }
    this.total++;
    return { key };
  }

  release(key: string): void {
    this.total--;
    if (key === '') return;
    const held = (this.byClient.get(key) ?? 1) - 1;
    if (held > 0) this.byClient.set(key, held);
    else this.byClient.delete(key);
  }
}

/** At most one line a minute per key; forgets the oldest keys past LOG_MEMORY. */
export class OncePerMinute {
  private readonly last = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  due(key: string): boolean {
    const t = this.now();
    const before = this.last.get(key);
    if (before !== undefined && t - before < LOG_EVERY_MS) return false;
    this.last.delete(key);
    if (this.last.size >= LOG_MEMORY) this.last.delete(this.last.keys().next().value!);
    this.last.set(key, t);
    return true;
  }
}

const ANSWERS: Record<Refusal, Buffer> = {
  'per-address': answer(
    429,
    'Too Many Requests',
    `Too many connections from your address: close some and retry after ${CONNECTION_RETRY_AFTER_S} s; nothing was read or charged`,
  ),
  ceiling: answer(
    503,
    'Service Unavailable',
    `The node has as many connections open as it can serve: retry after ${CONNECTION_RETRY_AFTER_S} s; nothing was read or charged`,
  ),
};

function answer(code: number, reason: string, message: string): Buffer {
  const body = JSON.stringify(errorBody(code, message));
  return Buffer.from(
    `HTTP/1.1 ${code} ${reason}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `Retry-After: ${CONNECTION_RETRY_AFTER_S}\r\n` +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/**
 * Puts the caps in front of the HTTP server: a connection either reaches the server's own
 * handling, counted until it closes, or is answered at once (429 over the per-address cap, 503
 * over the ceiling, `Retry-After` either way) without its request being read, and closed.
 * Before, nothing bounded the connections: one LAN machine could hold them until the process
 * ran out of descriptors, and then a sale's connection to its provider failed (EMFILE) and
 * new clients were dropped unanswered.
 */
export function guardConnections(server: Server, o: CapOptions, log: FastifyBaseLogger): ConnectionCounter {
  const counter = new ConnectionCounter(o);
  const once = new OncePerMinute();
  const serve = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  let answering = 0;
  const answeringFrom = new Map<string, number>();

  const refuse = (socket: Socket, why: Refusal) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (why === 'ceiling' ? once.due('') : once.due(clientBucket(address)))
      logRefusal(log, why, address, why === 'ceiling' ? counter.open : counter.openFrom(address), o);
    const client = o.exempt(address) ? null : clientBucket(address);
    const fromClient = client === null ? 0 : (answeringFrom.get(client) ?? 0);
    if (answering >= ANSWERING_MAX || fromClient >= ANSWERING_PER_CLIENT) {
      socket.destroy();
      return;
    }
    answering++;
    if (client !== null) answeringFrom.set(client, fromClient + 1);
    // A fixed time, not an idle one: a client trickling bytes does not keep its refusal open.
    const linger = setTimeout(() => socket.destroy(), ANSWER_LINGER_MS).unref();
    socket.once('close', () => {
      answering--;
      clearTimeout(linger);
      if (client === null) return;
      const left = (answeringFrom.get(client) ?? 1) - 1;
      if (left > 0) answeringFrom.set(client, left);
      else answeringFrom.delete(client);
    });
    socket.on('error', () => undefined);
    // The request is never parsed; what the client sends is read and dropped so the close after
    // the answer is a FIN, not a reset that could discard the answer before the client reads it.
    socket.resume();
    socket.once('end', () => socket.destroy());
    socket.end(ANSWERS[why]);
  };

  server.on('connection', (socket: Socket) => {
    const admitted = counter.admit(socket.remoteAddress);
    if ('refused' in admitted) {
      refuse(socket, admitted.refused);
      return;
    }
    socket.once('close', () => counter.release(admitted.key));
    for (const listener of serve) listener.call(server, socket);
  });
  return counter;
}

function logRefusal(
  log: FastifyBaseLogger,
  why: Refusal,
  address: string,
  open: number,
  o: CapOptions,
): void {
  if (why === 'per-address')
    log.warn(
      { client: address, open, limit: o.perAddress },
      `refusing connections from ${address}: it holds ${open} open, the most one address may (--connections-per-ip ${o.perAddress}); each new one is answered 429 and closed (logged at most once a minute per address)`,
    );
  else
    log.warn(
      { client: address, open, limit: o.ceiling },
      `refusing new connections: ${open} are open, the most this node serves with its file-descriptor limit (the rest is kept for its database, backups and connections to providers); each new one, this one from ${address}, is answered 503 and closed until some close (logged at most once a minute)`,
    );
}
