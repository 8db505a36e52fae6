import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `VendPoint-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, one `v1` per
 * secret that currently signs (two during a rotation's overlap, up to four when an endpoint is
 * rotated again inside it).
 */
export const SIGNATURE_HEADER = 'VendPoint-Signature';
export const SIGNATURE_TOLERANCE_S = 300;

export function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${signPayload(s, timestamp, body)}`)].join(',');
}

/** The receiver's check, as docs/webhooks.md shows it: fresh timestamp and one matching v1. */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowS: number,
  toleranceS = SIGNATURE_TOLERANCE_S,
): boolean {
  const parts = header.split(',').map((p) => p.split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowS - t) > toleranceS) return false;
  const expected = Buffer.from(signPayload(secret, t, body), 'hex');
  return parts.some(([k, v]) => {
    if (k !== 'v1' || !v) return false;
    const got = Buffer.from(v, 'hex');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}
