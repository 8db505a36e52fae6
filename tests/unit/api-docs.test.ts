import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_DOCS_CSP, DOCS_LOGO_SVG, VENDPOINT_MARK_SVG } from '../../server/http/v1/api-docs.js';

describe('the /v1/docs page', () => {
  it("uses the console's favicon as its icon and VendPoint's name in its logo", () => {
    const favicon = readFileSync(join(import.meta.dirname, '../../renderer/public/favicon.svg'), 'utf8');
    expect(VENDPOINT_MARK_SVG).toBe(favicon.trim());
    expect(DOCS_LOGO_SVG).toContain('>VendPoint<');
  });

  it('allows no inline code or styles and no other origin', () => {
    expect(API_DOCS_CSP).not.toMatch(/unsafe-|https?:|\*|nonce-|sha256-/);
    expect(API_DOCS_CSP).toContain("style-src 'self'");
    expect(API_DOCS_CSP).toContain("script-src 'self'");
  });
});
