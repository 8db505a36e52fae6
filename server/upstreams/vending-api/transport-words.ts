/**
 * A transport failure in words an operator can act on. undici's and the OS's codes
 * (UND_ERR_HEADERS_TIMEOUT, ECONNREFUSED, …) stay in the server log; reasons, health and
 * balance errors that reach the admin console say what happened, and how long was waited.
 */

/** The waits the transport runs with, to say how long the provider had. */
export interface TransportTimeouts {
  /** Headers, and silence in the body. */
  timeoutMs: number;
  connectTimeoutMs: number;
}

/** 15000 -> "15 s", 200 -> "0.2 s". */
function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : Number(s.toFixed(1))} s`;
}

const CLOSED_BY_PROVIDER = 'the provider closed the connection before it answered';
const UNREACHABLE = "the provider's network cannot be reached from this node";
const UNTRUSTED_CERT = "the provider's TLS certificate could not be verified";

/** Codes whose words do not depend on the waits. */
const PLAIN: Record<string, string> = {
  QUEUE_TIMEOUT: 'every connection to the provider stayed busy, so the request was never sent',
  ECONNREFUSED: 'the provider refused the connection: nothing answers at its address and port',
  ECONNRESET: CLOSED_BY_PROVIDER,
  UND_ERR_SOCKET: CLOSED_BY_PROVIDER,
  EPIPE: CLOSED_BY_PROVIDER,
  ENOTFOUND: "the provider's host name could not be found in DNS",
  EAI_AGAIN: "the provider's host name could not be looked up: DNS did not answer",
  EHOSTUNREACH: UNREACHABLE,
  ENETUNREACH: UNREACHABLE,
  EHOSTDOWN: UNREACHABLE,
  ENETDOWN: UNREACHABLE,
  ETIMEDOUT: 'the connection to the provider timed out',
  BODY_TOO_LARGE: "the provider's answer was far larger than any answer of its API",
  UND_ERR_CLOSED: 'the connection was closed on this side: the upstream was changed, or the node is stopping',
  UND_ERR_DESTROYED:
    'the connection was closed on this side: the upstream was changed, or the node is stopping',
  CERT_HAS_EXPIRED: "the provider's TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the provider's TLS certificate is self-signed, so it is not trusted",
  SELF_SIGNED_CERT_IN_CHAIN: "the provider's TLS certificate is self-signed, so it is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNTRUSTED_CERT,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNTRUSTED_CERT,
  ERR_TLS_CERT_ALTNAME_INVALID: "the provider's TLS certificate is for another host name",
  ERR_INVALID_URL: 'the base URL is not a valid address',
};

export function transportProblem(code: string, t: TransportTimeouts): string {
  switch (code) {
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'TimeoutError':
      return `the provider did not answer within ${seconds(t.timeoutMs)}`;
    case 'UND_ERR_BODY_TIMEOUT':
      return `the provider began to answer, then sent nothing more for ${seconds(t.timeoutMs)}`;
    case 'DEADLINE':
      return `the provider did not finish its answer within ${seconds(t.connectTimeoutMs + t.timeoutMs)}`;
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `the provider could not be reached within ${seconds(t.connectTimeoutMs)}`;
  }
  if (Object.hasOwn(PLAIN, code)) return PLAIN[code];
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_'))
    return 'the secure TLS connection to the provider failed';
  // A code not listed here: still said, so it can be looked up.
  return `the connection to the provider failed (${code})`;
}

/** The code of a thrown transport error (undici's or the OS's), else its name. */
export function errorCode(err: unknown): string {
  if (err && typeof err === 'object') {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    const name = (err as { name?: unknown }).name;
    if (typeof name === 'string' && name) return name;
  }
  return 'ERROR';
}
