import type { IncomingHttpHeaders } from 'node:http';

/**
 * Request bodies are read as sent: a compressed one (Content-Encoding gzip, deflate, br…) is
 * refused with 415 naming its coding, where it used to reach the JSON parser and read as
 * "Invalid JSON body". Bodies here are a few hundred bytes, so decoding would buy nothing and
 * would need a limit on the decoded size against zip bombs; RFC 7694 has the 415 say what is
 * accepted in Accept-Encoding.
 */
export function refusedContentEncoding(headers: IncomingHttpHeaders): string | null {
  const sent = headers['content-encoding'];
  if (sent === undefined) return null;
  const codings = sent
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0) return null;
  return `Content-Encoding ${codings.join(', ')} is not accepted: send the JSON body uncompressed (no Content-Encoding, or identity)`;
}
