import { describe, expect, it } from 'vitest';
import { urlPieces } from '../../renderer/src/lib/url-pieces.js';

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
