import { Type, type StringOptions, type TSchema } from '@sinclair/typebox';
import {
  NOTE_TEXT_PATTERN,
  NOTE_TEXT_RULE,
  ONE_LINE_TEXT_PATTERN,
  ONE_LINE_TEXT_RULE,
} from '../domain/text-hygiene.js';

/**
 * Building blocks for request schemas. A `pattern` never reaches a caller: each block records
 * the words for its pattern, which the error mapper (errors.ts) puts after the field name, so
 * every route says the same thing about the same kind of field. The words live beside the
 * schema, not in it, so any Ajv (strict or not) compiles these schemas unchanged.
 */
const RULES = new Map<string, string>();

function patternWithRule(pattern: string, rule: string): string {
  const known = RULES.get(pattern);
  if (known !== undefined && known !== rule)
    throw new Error(`pattern ${pattern} already has the rule "${known}"`);
  RULES.set(pattern, rule);
  return pattern;
}

/** The words for a block's pattern ("must be a whole number from 1 to 100"), if it has any. */
export function ruleForPattern(pattern: unknown): string | undefined {
  return typeof pattern === 'string' ? RULES.get(pattern) : undefined;
}

/** A stored one-line text (names, addresses, reasons, keys): no control characters. */
export function OneLineText(options: StringOptions = {}) {
  return Type.String({ ...options, pattern: patternWithRule(ONE_LINE_TEXT_PATTERN, ONE_LINE_TEXT_RULE) });
}

/** A stored free-text note: line breaks and tabs allowed, other control characters not. */
export function NoteText(options: StringOptions = {}) {
  return Type.String({ ...options, pattern: patternWithRule(NOTE_TEXT_PATTERN, NOTE_TEXT_RULE) });
}

/**
 * A regular expression (without anchors) for the decimal numbers 1..max written without leading
 * zeros: query strings are never coerced, so a number arrives as text and is checked as text.
 */
export function wholeNumberRange(max: number): string {
  if (!Number.isSafeInteger(max) || max < 1) throw new Error(`wholeNumberRange: bad max ${max}`);
  const digits = String(max);
  const n = digits.length;
  const parts: string[] = [];
  if (n > 1) parts.push(n === 2 ? '[1-9]' : `[1-9][0-9]{0,${n - 2}}`);
  for (let i = 0; i < n; i += 1) {
    const d = Number(digits[i]);
    const low = i === 0 ? 1 : 0;
    if (d <= low) continue;
    const rest = n - i - 1;
    const digit = d - 1 === low ? String(low) : `[${low}-${d - 1}]`;
    const tail = rest === 0 ? '' : rest === 1 ? '[0-9]' : `[0-9]{${rest}}`;
    parts.push(`${digits.slice(0, i)}${digit}${tail}`);
  }
  parts.push(digits);
  return parts.join('|');
}

/** A whole number from 1 to max, sent as text (a query-string or path value). */
export function WholeNumberText(max: number, options: StringOptions = {}) {
  const pattern = `^(?:${wholeNumberRange(max)})$`;
  return Type.String({
    ...options,
    pattern: patternWithRule(pattern, `must be a whole number from 1 to ${max}`),
  });
}

/** Paging: a page number, a page size up to `maxSize`, and a cursor (a row id) for keyset pages. */
export const PAGE_MAX = 9_999_999;
export const PageNumber = (options: StringOptions = {}) => WholeNumberText(PAGE_MAX, options);
export const PageSize = (maxSize: number, options: StringOptions = {}) => WholeNumberText(maxSize, options);
export const RowCursor = (options: StringOptions = {}) => WholeNumberText(Number.MAX_SAFE_INTEGER, options);

/** A ledger page: up to `limit` entries older than the entry id `before`. */
export const LedgerPageQuery = Type.Object({
  limit: Type.Optional(PageSize(200, { description: 'entries per page, default 50' })),
  before: Type.Optional(RowCursor({ description: 'the next_before of the previous page' })),
});

/** The audit log's newest entries, optionally about one subject. */
export const AuditPageQuery = Type.Object({
  limit: Type.Optional(PageSize(500, { description: 'entries, default 100' })),
});

/** A text matching `pattern`, refused with `rule` (words a person reads, after the field name). */
export function PatternText(pattern: string, rule: string, options: StringOptions = {}) {
  return Type.String({ ...options, pattern: patternWithRule(pattern, rule) });
}

/** A field that is its schema or null (answers of every surface: /v1, the console). */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
