import { InvalidInput } from './errors.js';

/**
 * Invisible format controls: the bidirectional marks, embeddings, overrides and isolates
 * (U+200E/F, U+202A–202E, U+2066–2069), the zero-width space, word joiner and invisible
 * operators (U+200B, U+2060–2064), the byte-order mark, and a lone surrogate half. Stored,
 * they make a name or reason read otherwise than it is ("refund" + U+202E + "gnp.exe"). The
 * zero-width (non-)joiners stay: scripts and emoji need them.
 */
const FORMAT_SET = '\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff\\ud800-\\udfff';
/**
 * Control characters in stored text: C0 (including TAB, CR and LF), DEL, C1, the Unicode
 * line and paragraph separators and the format controls above. None has a meaning in a name,
 * an address or a reason, and stored they split e-mail headers, log lines and CSV rows, or
 * hide text on screen.
 */
const CONTROL_SET = `\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${FORMAT_SET}`;
/** The same set minus TAB, LF and CR, for free-text notes where line breaks are meant. */
const NOTE_CONTROL_SET = `\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u2028\\u2029${FORMAT_SET}`;

/** JSON-schema `pattern`s (Ajv compiles them with the `u` flag) and the same rules as RegExps. */
export const ONE_LINE_TEXT_PATTERN = `^[^${CONTROL_SET}]*$`;
export const NOTE_TEXT_PATTERN = `^[^${NOTE_CONTROL_SET}]*$`;
const ONE_LINE = new RegExp(ONE_LINE_TEXT_PATTERN, 'u');
const NOTE = new RegExp(NOTE_TEXT_PATTERN, 'u');

/** The words every surface (API, console, CLI) uses for a refused value, after the field name. */
export const ONE_LINE_TEXT_RULE = 'must not contain control characters (line breaks, tabs and the like)';
export const NOTE_TEXT_RULE = 'must not contain control characters other than line breaks and tabs';

/** Refuses a one-line text with a control character; returns it unchanged otherwise. */
export function assertOneLineText<T extends string | null | undefined>(value: T, field: string): T {
  if (typeof value === 'string' && !ONE_LINE.test(value))
    throw new InvalidInput(`${field} ${ONE_LINE_TEXT_RULE}`, field);
  return value;
}

/** Refuses a multi-line note with a control character other than TAB, LF or CR. */
export function assertNoteText<T extends string | null | undefined>(value: T, field: string): T {
  if (typeof value === 'string' && !NOTE.test(value))
    throw new InvalidInput(`${field} ${NOTE_TEXT_RULE}`, field);
  return value;
}
