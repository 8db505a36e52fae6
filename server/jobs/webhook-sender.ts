import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction, Socket } from 'node:net';
import type { Agent, buildConnector as BuildConnector } from 'undici';
import { isPrivateAddress } from '../domain/webhook-url.js';
import { SIGNATURE_HEADER, signatureHeader } from '../domain/webhook-signature.js';

export interface SenderOptions {
  /** Loopback / private / link-local targets allowed (operator flag; tests use it for 127.0.0.1). */
  allowPrivate: boolean;
  connectTimeoutMs: number;
  /** Headers and body idle time-out. */
  timeoutMs: number;
  /** Keep-alive connections per receiving host. */
  connectionsPerHost: number;
}

export const SENDER_DEFAULTS: SenderOptions = {
  allowPrivate: false,
  connectTimeoutMs: 5_000,
  timeoutMs: 10_000,
  connectionsPerHost: 16,
};

/** Only the first bytes of a receiver's answer are read and kept, for the delivery log. */
export const RESPONSE_KEEP_BYTES = 512;

export interface SendResult {
  status: number | null;
  error: string | null;
  latencyMs: number;
  response: string | null;
}

export class PrivateAddressRefused extends Error {}

/**
 * Posts signed event bodies. One undici Agent keeps a small keep-alive pool per receiving
 * origin; redirects are never followed (no redirect interceptor: a 3xx is simply not a 2xx).
 * The address is checked when DNS answers and again on the connected socket, so a name that
 * resolves somewhere else at send time than at save time (DNS rebinding) is still refused.
 */
export class WebhookSender {
  private agent: Promise<Agent> | null = null;

  constructor(private readonly opts: SenderOptions) {}

  private dispatcher(): Promise<Agent> {
    this.agent ??= import('undici').then(({ Agent, buildConnector }) => {
      const allowPrivate = this.opts.allowPrivate;
      const guardedLookup: LookupFunction = (hostname, options, callback) => {
        dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
          if (err) return callback(err, '', 0);
          const list = addresses as unknown as { address: string; family: number }[];
          const ok = allowPrivate ? list : list.filter((a) => !isPrivateAddress(a.address));
          if (ok.length === 0)
            return callback(new PrivateAddressRefused(`${hostname} resolves to a private address`), '', 0);
          if ((options as { all?: boolean }).all)
            return (callback as (e: null, a: unknown) => void)(null, ok);
          callback(null, ok[0].address, ok[0].family);
        });
      };
      const base = buildConnector({ timeout: this.opts.connectTimeoutMs, lookup: guardedLookup } as never);
      const connect: BuildConnector.connector = (options, callback) =>
        base(options, (err, socket) => {
          if (err || !socket) return callback(err ?? new Error('no socket'), null);
          const address = (socket as Socket).remoteAddress;
          if (!allowPrivate && (!address || isPrivateAddress(address))) {
            socket.destroy();
            return callback(new PrivateAddressRefused(`connected address ${address} is private`), null);
          }
          callback(null, socket);
        });
      return new Agent({
        connect,
        connections: this.opts.connectionsPerHost,
        headersTimeout: this.opts.timeoutMs,
        bodyTimeout: this.opts.timeoutMs,
        keepAliveTimeout: 4_000,
        keepAliveMaxTimeout: 30_000,
      });
    });
    return this.agent;
  }

  /** One POST; never throws: every outcome is a SendResult for the delivery log. */
  async send(url: string, body: string, secrets: readonly string[], nowS: number): Promise<SendResult> {
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const agent = await this.dispatcher();
      const { request } = await import('undici');
      const res = await request(url, {
        method: 'POST',
        dispatcher: agent,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'VendPoint-Webhooks/1',
          [SIGNATURE_HEADER]: signatureHeader(secrets, nowS, body),
        },
        body,
      });
      const response = await readPrefix(res.body, RESPONSE_KEEP_BYTES);
      return { status: res.statusCode, error: null, latencyMs: latency(), response };
    } catch (err) {
      const e = err as { code?: string; message?: string };
      const message = [e.code, e.message].filter(Boolean).join(': ').slice(0, 300) || 'request failed';
      return { status: null, error: message, latencyMs: latency(), response: null };
    }
  }

  async close(): Promise<void> {
    const agent = this.agent;
    this.agent = null;
    if (agent) await (await agent).close();
  }
}

/** Reads at most `limit` bytes of a body and drops the rest unread. */
async function readPrefix(body: AsyncIterable<Buffer> & { destroy(): void }, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}
