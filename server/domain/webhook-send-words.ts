/**
 * Why a webhook send got no answer, in words a merchant can act on; the code stays in brackets
 * so it can still be looked up ("the receiver did not speak TLS: is the URL's https right? (ERR_SSL_WRONG_VERSION_NUMBER)").
 * OpenSSL's own text ("C086…:error:0A00010B:SSL routines:…") says nothing to the people who read
 * the delivery log.
 */

const CLOSED = 'the receiver closed the connection before it answered';
const UNTRUSTED = "the receiver's TLS certificate could not be verified";
const NOT_TLS = "the receiver did not speak TLS: is it plain http, or the URL's port not its https port?";

const WORDS: Record<string, string> = {
  ECONNREFUSED: 'the receiver refused the connection: nothing listens at its address and port',
  ECONNRESET: CLOSED,
  EPIPE: CLOSED,
  UND_ERR_SOCKET: CLOSED,
  ENOTFOUND: "the receiver's host name could not be found in DNS",
  EAI_AGAIN: "the receiver's host name could not be looked up: DNS did not answer",
  EHOSTUNREACH: "the receiver's network cannot be reached from this node",
  ENETUNREACH: "the receiver's network cannot be reached from this node",
  ETIMEDOUT: 'the connection to the receiver timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the receiver could not be reached in time',
  UND_ERR_HEADERS_TIMEOUT: 'the receiver did not answer in time',
  UND_ERR_BODY_TIMEOUT: 'the receiver began to answer, then sent nothing more',
  ERR_SSL_WRONG_VERSION_NUMBER: NOT_TLS,
  ERR_SSL_PACKET_LENGTH_TOO_LONG: NOT_TLS,
  CERT_HAS_EXPIRED: "the receiver's TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the receiver's TLS certificate is self-signed, so it is not trusted",
  SELF_SIGNED_CERT_IN_CHAIN: "the receiver's TLS certificate is self-signed, so it is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNTRUSTED,
  ERR_TLS_CERT_ALTNAME_INVALID: "the receiver's TLS certificate is for another host name",
};

/**
 * The delivery log's words for a send that got no answer: known codes in words, others as thrown.
 * `answered`: the status the receiver had sent before the connection closed mid-answer (its
 * headers came, the rest of its body did not), so the log does not say it never answered.
 */
export function webhookSendProblem(
  code: string | undefined,
  message: string | undefined,
  answered: number | null = null,
): string {
  if (answered !== null && code && WORDS[code] === CLOSED)
    return `the receiver answered ${answered}, then closed the connection before the end of its answer (${code})`;
  const words =
    code && Object.hasOwn(WORDS, code)
      ? WORDS[code]
      : code === 'EPROTO' || code?.startsWith('ERR_SSL_')
        ? 'the secure TLS connection to the receiver failed'
        : null;
  if (words) return `${words} (${code})`;
  return ([code, message?.trim()].filter(Boolean).join(': ') || 'request failed').slice(0, 300);
}
