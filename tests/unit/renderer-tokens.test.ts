import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../renderer/src');
const TOKENS = join(SRC, 'styles/base.css');
/** A colour written out: #rgb … #rrggbbaa, or rgb()/hsl() with their alpha forms. */
const COLOUR = /#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(vue|css|ts)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The text a colour or a spacing length may not stand in: everything but the :root block of the tokens file. */
function checkedText(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (file !== TOKENS) return text;
  const end = text.indexOf('\n}\n', text.indexOf(':root {'));
  return ' \n'.repeat(text.slice(0, end).split('\n').length - 1) + text.slice(end);
}

describe('colours come only from the tokens in base.css', () => {
  it('the pattern sees hex, rgb and hsl colours and not ids or slot names', () => {
    for (const c of [
      'color: #fff;',
      'border: 1px solid #B9C2CF',
      'rgb(16 24 40 / 6%)',
      'hsla(1, 2%, 3%, .4)',
    ])
      expect(c).toMatch(COLOUR);
    for (const c of ['#cell-amount="{ row }"', 'cash-up #${id}', 'var(--brand)', '#foot'])
      expect(c).not.toMatch(COLOUR);
  });

  it('the tokens file defines colour tokens', () => {
    const root = readFileSync(TOKENS, 'utf8').split('\n}\n')[0];
    expect(root.match(/--[a-z-]+: #[0-9a-f]{3,8};/g)?.length ?? 0).toBeGreaterThan(30);
  });

  it('no file in renderer/src writes a colour outside the :root tokens', () => {
    const offenders = files(SRC).flatMap((f) =>
      checkedText(f)
        .split('\n')
        .flatMap((line, i) =>
          COLOUR.test(line) ? [`${f.slice(SRC.length + 1)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});

/**
 * A spacing declaration (margin, padding, gap and their longhands) with a length written out in
 * px or rem. Zero and `auto` need no token; em stays allowed, for indents that follow the text size.
 */
const SPACING =
  /^\s*(?:margin|padding)(?:-[a-z-]+)?\s*:[^;]*\d(?:px|rem)\b|^\s*(?:row-|column-)?gap\s*:[^;]*\d(?:px|rem)\b/;

describe('spacing comes only from the tokens in base.css', () => {
  it('the pattern sees px and rem spacing and not zero, tokens, em indents or other properties', () => {
    for (const c of ['  padding: 10px 22px;', 'margin-top: 4px;', '  gap: 6px 18px;', 'margin: 0 0 0.5rem;'])
      expect(c).toMatch(SPACING);
    for (const c of [
      '  margin: 0 auto;',
      '  padding: var(--space-2) var(--space-4);',
      '  padding-left: 1.2em;',
      '  border: 1px solid var(--line);',
      '  width: 240px;',
      '  margin: calc(-1 * var(--space-2-5));',
    ])
      expect(c).not.toMatch(SPACING);
  });

  it('the tokens file defines a spacing scale of 4 px steps', () => {
    const root = readFileSync(TOKENS, 'utf8').split('\n}\n')[0];
    const scale = [...root.matchAll(/--space-([0-9-]+): (\d+)px;/g)].map((m) => [m[1], Number(m[2])]);
    expect(scale.length).toBeGreaterThanOrEqual(6);
    for (const [name, px] of scale)
      expect(px, `--space-${name}`).toBe(Number(String(name).replace('-', '.')) * 4);
  });

  it('no file in renderer/src writes a px or rem margin, padding or gap outside the :root tokens', () => {
    const offenders = files(SRC).flatMap((f) =>
      checkedText(f)
        .split('\n')
        .flatMap((line, i) =>
          SPACING.test(line) ? [`${f.slice(SRC.length + 1)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
