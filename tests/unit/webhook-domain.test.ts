import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { signatureHeader, verifySignature } from '../../server/domain/webhook-signature.js';
import { isPrivateAddress, normalizedUrl, urlProblem } from '../../server/domain/webhook-url.js';
import {
  endpointWants,
  eventTypeOfOutcome,
  nextAttemptAt,
  parseEventTypes,
  RETRY_SCHEDULE_MS,
} from '../../server/domain/webhook-events.js';

describe('webhook signature', () => {
  it('is t=<unix>,v1=<hex HMAC-SHA256 of "t.body">, one v1 per signing secret', () => {
    const h = signatureHeader(['s1', 's2'], 1_700_000_000, '{"a":1}');
    const mac = (s: string) => createHmac('sha256', s).update('1700000000.{"a":1}').digest('hex');
    expect(h).toBe(`t=1700000000,v1=${mac('s1')},v1=${mac('s2')}`);
  });
  it('verifies with either secret during a rotation, and refuses a changed body, another secret or more than 5 minutes of skew', () => {
    const h = signatureHeader(['new', 'old'], 1_000, 'body');
    expect(verifySignature('new', h, 'body', 1_000)).toBe(true);
    expect(verifySignature('old', h, 'body', 1_299)).toBe(true);
    expect(verifySignature('old', h, 'body', 1_301)).toBe(false);
    expect(verifySignature('new', h, 'body', 699)).toBe(false);
    expect(verifySignature('new', h, 'Body', 1_000)).toBe(false);
    expect(verifySignature('other', h, 'body', 1_000)).toBe(false);
    expect(verifySignature('new', 'v1=abc', 'body', 1_000)).toBe(false);
  });
});

describe('webhook targets', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.5',
    '172.16.9.9',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    'fec0::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.1.1',
    '::ffff:7f00:1',
    // Documentation ranges.
    '192.0.2.10',
    '198.51.100.7',
    '203.0.113.99',
    '2001:db8::1',
  ])('%s is private', (a) => expect(isPrivateAddress(a)).toBe(true));
  // IPv4 carried in IPv6 reaches whatever it carries on a host with NAT64 or a 6to4 relay.
  it.each([
    '::7f00:1',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::1',
    '2002:7f00:1::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '::ffff:0:7f00:1',
    '::ffff:0:127.0.0.1',
  ])('%s (IPv4 inside IPv6) is refused', (a) => expect(isPrivateAddress(a)).toBe(true));
  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (a) => expect(isPrivateAddress(a)).toBe(false),
  );
  it('live endpoints need https; URLs with credentials or other schemes are refused', () => {
    expect(urlProblem('http://example.com/h', 'live')).toMatch(/https/);
    expect(urlProblem('http://example.com/h', 'test')).toBeNull();
    expect(urlProblem('https://u:p@example.com/h', 'live')).toMatch(/credentials/);
    expect(urlProblem('ftp://example.com/h', 'test')).toMatch(/http/);
    expect(urlProblem('not a url', 'test')).toMatch(/spaces/);
    expect(urlProblem('nourl', 'test')).toMatch(/absolute/);
    // What the URL parser would repair quietly is refused, so the listed URL is the one posted to.
    expect(urlProblem('http://example.com/nl\r\nX-Injected: 1', 'test')).toMatch(/line breaks/);
    expect(urlProblem('http://example.com/a\tb', 'test')).toMatch(/tabs/);
    expect(urlProblem('http:example.com/h', 'test')).toMatch(/start with http:\/\//);
    expect(urlProblem('https:/example.com/h', 'live')).toMatch(/or https:\/\/ and a host/);
    expect(urlProblem('https://example.com:0/h', 'live')).toMatch(/port/);
    // A port the parser refuses is named as one, not as "not an absolute URL".
    for (const url of [
      'http://127.0.0.1:99999/h',
      'http://[::1]:70000/',
      'http://u:p@example.com:65536/',
      'http://example.com:abc/',
      'http://example.com:-1/',
    ])
      expect(urlProblem(url, 'test'), url).toBe('url port must be between 1 and 65535');
    expect(urlProblem('http://exa^mple.com:80/h', 'test')).toBe('url must be an absolute http(s) URL');
    expect(urlProblem('http://example.com:65535/h', 'test')).toBeNull();
    // The length refusal gives the limit, in the words of every other length limit.
    expect(urlProblem(`http://example.com/${'a'.repeat(1982)}`, 'test')).toBe(
      'url must be at most 2000 characters',
    );
    expect(urlProblem(`http://example.com/${'a'.repeat(1981)}`, 'test')).toBeNull();
    expect(urlProblem('https://example.com/h#part', 'live')).toMatch(/fragment/);
    expect(urlProblem('HTTPS://Example.COM:8443/h?x=1', 'live')).toBeNull();
    expect(normalizedUrl('HTTPS://Example.COM:8443/h?x=1')).toBe('https://example.com:8443/h?x=1');
    expect(normalizedUrl('https://example.com')).toBe('https://example.com/');
  });
});

describe('webhook events and retries', () => {
  it('names outcome events per purchase kind', () => {
    expect(eventTypeOfOutcome('transaction', 'success')).toBe('transaction.succeeded');
    expect(eventTypeOfOutcome('giftcard', 'failed')).toBe('giftcard_order.failed');
    expect(eventTypeOfOutcome('esim', 'success')).toBe('esim_order.succeeded');
  });
  it('accepts "*" or known types only', () => {
    expect(parseEventTypes(['*'])).toEqual(['*']);
    expect(parseEventTypes(['wallet.funded', 'wallet.funded'])).toEqual(['wallet.funded']);
    expect(parseEventTypes(['wallet.fundd'])).toBeNull();
    expect(parseEventTypes([])).toBeNull();
    expect(endpointWants(['*'], 'wallet.funded')).toBe(true);
    expect(endpointWants(['transaction.failed'], 'wallet.funded')).toBe(false);
  });
  it('retries 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and 24 h after the first attempt, then gives up: 24 h of retries', () => {
    // Each retry is due a wait after the attempt before it; the attempts land at these offsets.
    const hour = 3_600_000;
    const offsets: number[] = [];
    let at = 0;
    for (let attempts = 1; ; attempts++) {
      const next = nextAttemptAt(attempts, at);
      if (next === null) break;
      offsets.push((at = next));
    }
    expect(offsets).toEqual([60_000, 300_000, 1_800_000, 2 * hour, 6 * hour, 12 * hour, 24 * hour]);
    expect(RETRY_SCHEDULE_MS).toHaveLength(7);
  });
});
