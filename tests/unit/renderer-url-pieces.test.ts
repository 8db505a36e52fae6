import { describe, expect, it } from 'vitest';
import { addressPieces, urlPieces } from '../../renderer/src/lib/url-pieces.js';

describe('where a URL may break in a table', () => {
  it('after the scheme, the host and port (whole) and each slash or dot of the path', () => {
    expect(urlPieces('http://127.0.0.1:7613/hook')).toEqual(['http://', '127.0.0.1:7613/', 'hook']);
    expect(urlPieces('https://hooks.shop.example/vendpoint/events.php?env=live&v=2#top')).toEqual([
      'https://',
      'hooks.shop.example/',
      'vendpoint/',
      'events.',
      'php?',
      'env=',
      'live&',
      'v=',
      '2#',
      'top',
    ]);
  });

  it('cuts a long host after its dots and only a run too long for a narrow column inside', () => {
    expect(urlPieces('https://webhooks.corner-shop-lagos.example.com:8443/in')).toEqual([
      'https://',
      'webhooks.',
      'corner-shop-lagos.',
      'example.',
      'com:8443/',
      'in',
    ]);
    const token = 'a'.repeat(30);
    expect(urlPieces(`https://example.com/${token}/x`)).toEqual([
      'https://',
      'example.com/',
      'a'.repeat(24),
      `${'a'.repeat(6)}/`,
      'x',
    ]);
  });

  it('loses nothing, whatever it is given', () => {
    for (const u of [
      'http://127.0.0.1:7613/hook',
      `https://example.com/${'b'.repeat(60)}`,
      'https://a.b/',
      'no-scheme.example/path',
      'not a url',
      '',
      '//x//y',
      `${'c'.repeat(50)}.example`,
    ])
      expect(urlPieces(u).join('')).toBe(u);
  });
});

describe('where an e-mail address may break in a table', () => {
  it('after its @ and each dot, a run too long for a narrow column inside; a number is whole', () => {
    expect(addressPieces('accounts.payable.department@adebayo-stores.com.ng')).toEqual([
      'accounts.',
      'payable.',
      'department@',
      'adebayo-stores.',
      'com.',
      'ng',
    ]);
    expect(addressPieces('10000000001')).toEqual(['10000000001']);
    expect(addressPieces('')).toEqual([]);
    const long = `${'d'.repeat(30)}@shop.ng`;
    expect(addressPieces(long).join('')).toBe(long);
  });
});
