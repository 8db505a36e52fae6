import { describe, expect, it } from 'vitest';
import { assertNoteText, assertOneLineText } from '../../server/domain/text-hygiene.js';
import { wholeNumberRange } from '../../server/http/schema-blocks.js';

const controls = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  0x7f,
  ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
  0x2028,
  0x2029,
].map((c) => String.fromCharCode(c));

describe('one-line text', () => {
  it('refuses every C0 control (TAB, CR, LF included), DEL, every C1 control and the line separators', () => {
    for (const c of controls)
      expect(() => assertOneLineText(`a${c}b`, 'name'), c.charCodeAt(0).toString(16)).toThrow(
        'name must not contain control characters (line breaks, tabs and the like)',
      );
  });
  it('refuses the invisible format controls: bidi marks, overrides and isolates, zero-width space, BOM, a lone surrogate', () => {
    const format = [0x200b, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2064];
    for (const c of [...format, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff, 0xd800, 0xdfff].map((c) =>
      String.fromCharCode(c),
    )) {
      expect(() => assertOneLineText(`refund ${c}gnp.exe`, 'reason'), c.charCodeAt(0).toString(16)).toThrow(
        /^reason must not contain control characters/,
      );
      expect(() => assertNoteText(`a${c}b`, 'note'), c.charCodeAt(0).toString(16)).toThrow(
        /^note must not contain control characters/,
      );
    }
  });
  it('keeps what scripts and emoji need: the zero-width (non-)joiners and astral characters', () => {
    for (const t of ['👩‍💻 desk', 'می‌خواهم', '𝔘nicode 😀']) expect(assertOneLineText(t, 'name')).toBe(t);
  });
  it('accepts printable text in any script, and leaves absent values alone', () => {
    expect(assertOneLineText('Ọjà Ventures — ₦ 100 «ok» 東京', 'name')).toBe(
      'Ọjà Ventures — ₦ 100 «ok» 東京',
    );
    expect(assertOneLineText(undefined, 'name')).toBeUndefined();
    expect(assertOneLineText(null, 'name')).toBeNull();
  });
});

describe('notes', () => {
  it('allow TAB, LF and CR but refuse the other controls', () => {
    expect(assertNoteText('line one\r\n\tline two', 'note')).toBe('line one\r\n\tline two');
    for (const c of controls.filter((c) => !'\t\n\r'.includes(c)))
      expect(() => assertNoteText(`a${c}b`, 'note')).toThrow(/^note must not contain control characters/);
  });
});

describe('whole numbers from 1 to max, as text', () => {
  it('match exactly 1..max written without leading zeros, for maxima of every shape', () => {
    for (const max of [1, 2, 9, 10, 11, 19, 20, 99, 100, 101, 200, 250, 500, 907, 1000, 1234]) {
      const re = new RegExp(`^(?:${wholeNumberRange(max)})$`);
      for (let v = 0; v <= max * 2 + 20; v += 1)
        expect(re.test(String(v)), `${max}: ${v}`).toBe(v >= 1 && v <= max);
      for (const s of ['01', '', '1.0', '1e3', ' 1', '+1', '-1'])
        expect(re.test(s), `${max}: "${s}"`).toBe(false);
    }
  });
  it('reach the largest safe integer and not one past it', () => {
    const re = new RegExp(`^(?:${wholeNumberRange(Number.MAX_SAFE_INTEGER)})$`);
    expect(re.test('9007199254740991')).toBe(true);
    expect(re.test('9007199254740992')).toBe(false);
    expect(re.test('1e308')).toBe(false);
  });
});
