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

/** The text a colour may not stand in: everything but the :root block of the tokens file. */
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
