/**
 * JSON as a document shows it: possibly shortened. Two shortenings are understood:
 * - `…` as an array element stands for any number of elements (`[a,…,b]`, `[a,…]`);
 * - a text ending in `…` is cut there: every container still open may hold more after what
 *   is shown, and a string cut in the middle is compared as a prefix.
 * `compareShown` then checks a real answer against it, with a short list of masked keys whose
 * values differ from run to run (compared by shape only).
 */

export const GAP = Symbol('…');

export type Shown =
  | { kind: 'value'; value: string | number | boolean | null }
  | { kind: 'prefix'; text: string }
  | { kind: 'object'; entries: [string, Shown][]; open: boolean }
  | { kind: 'array'; items: (Shown | typeof GAP)[]; open: boolean };

const ELLIPSIS = '…';

class Cut extends Error {}

export function parseShown(text: string): Shown {
  const trimmed = text.trim();
  const cut = trimmed.endsWith(ELLIPSIS);
  const src = cut ? trimmed.slice(0, -1).trimEnd() : trimmed;
  let i = 0;
  const end = () => i >= src.length;
  const ws = () => {
    while (!end() && /\s/.test(src[i]!)) i++;
  };
  const fail = (what: string): never => {
    throw new Error(`shown JSON: ${what} at character ${i}: ${src.slice(Math.max(0, i - 20), i + 20)}`);
  };
  // Reaching the end of a cut text is not an error: the containers above close as "open".
  const needMore = () => {
    ws();
    if (end()) {
      if (cut) throw new Cut();
      fail('unexpected end');
    }
  };

  function str(): { text: string; complete: boolean } {
    i++; // opening quote
    let out = '';
    while (!end()) {
      const c = src[i]!;
      if (c === '"') {
        i++;
        return { text: out, complete: true };
      }
      if (c === '\\') {
        const raw = src.slice(i, src[i + 1] === 'u' ? i + 6 : i + 2);
        if (raw.length < 2 || (raw[1] === 'u' && raw.length < 6)) break;
        out += JSON.parse(`"${raw}"`) as string;
        i += raw.length;
        continue;
      }
      out += c;
      i++;
    }
    if (!cut) fail('unterminated string');
    return { text: out, complete: false };
  }

  function value(): Shown {
    needMore();
    const c = src[i]!;
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') {
      const s = str();
      if (!s.complete) throw new CutValue({ kind: 'prefix', text: s.text });
      return { kind: 'value', value: s.text };
    }
    const m = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(src.slice(i));
    if (!m) fail('unexpected token');
    i += m![0].length;
    if (end() && cut) throw new CutValue({ kind: 'prefix', text: m![0] });
    return { kind: 'value', value: JSON.parse(m![0]) as string | number | boolean | null };
  }

  function object(): Shown {
    i++;
    const node: Shown & { kind: 'object' } = { kind: 'object', entries: [], open: false };
    try {
      needMore();
      if (src[i] === '}') {
        i++;
        return node;
      }
      for (;;) {
        needMore();
        if (src[i] !== '"') fail('expected a key');
        const k = str();
        if (!k.complete) throw new Cut();
        needMore();
        if (src[i] !== ':') fail('expected ":"');
        i++;
        try {
          node.entries.push([k.text, value()]);
        } catch (e) {
          if (e instanceof CutValue) node.entries.push([k.text, e.shown]);
          throw e;
        }
        needMore();
        if (src[i] === ',') {
          i++;
          continue;
        }
        if (src[i] === '}') {
          i++;
          return node;
        }
        fail('expected "," or "}"');
      }
    } catch (e) {
      if (e instanceof Cut) {
        node.open = true;
        throw new CutValue(node);
      }
      throw e;
    }
  }

  function array(): Shown {
    i++;
    const node: Shown & { kind: 'array' } = { kind: 'array', items: [], open: false };
    try {
      needMore();
      if (src[i] === ']') {
        i++;
        return node;
      }
      for (;;) {
        needMore();
        if (src[i] === ELLIPSIS) {
          i++;
          node.items.push(GAP);
        } else {
          try {
            node.items.push(value());
          } catch (e) {
            if (e instanceof CutValue) node.items.push(e.shown);
            throw e;
          }
        }
        needMore();
        if (src[i] === ',') {
          i++;
          continue;
        }
        if (src[i] === ']') {
          i++;
          return node;
        }
        fail('expected "," or "]"');
      }
    } catch (e) {
      if (e instanceof Cut) {
        node.open = true;
        throw new CutValue(node);
      }
      throw e;
    }
  }

  let root: Shown;
  try {
    root = value();
  } catch (e) {
    if (e instanceof CutValue) return e.shown;
    throw e;
  }
  ws();
  if (!end()) fail('text after the value');
  if (cut) fail('"…" after a complete value');
  return root;
}

/** A value cut by the end of a shortened text; carries what was read so far up the containers. */
class CutValue extends Cut {
  constructor(readonly shown: Shown) {
    super('cut');
  }
}

/**
 * Keys whose values differ from run to run (the doc's intro lists them: references, codes,
 * times, dates). Their values are compared by shape: the same JSON type and, for strings, the
 * same text once every hexadecimal digit is blotted out (a time keeps its format, a reference
 * its prefix and length; a number only its type). A webhook secret is random base64url after
 * its prefix.
 */
const HEX = /[0-9a-fA-F]/g;
const BASE64URL = /[A-Za-z0-9_-]/g;
export const MASKED_KEYS: Record<string, RegExp> = {
  internal_reference: HEX,
  external_reference: HEX,
  reference_code: HEX,
  created_at: HEX,
  updated_at: HEX,
  due_date: HEX,
  next_attempt_at: HEX,
  old_secret_expires_at: HEX,
  card_number: HEX,
  pin_code: HEX,
  claim_url: HEX,
  iccid: HEX,
  activation_code: HEX,
  lpa: HEX,
  uptime_s: HEX,
  latency_ms: HEX,
  last_latency_ms: HEX,
  secret: BASE64URL,
};

// A masked number (an uptime, a latency) keeps only its type.
const shapeOf = (v: unknown, blot: RegExp) =>
  typeof v === 'string' ? `string:${v.replace(blot, '#')}` : v === null ? 'null' : typeof v;

const show = (v: unknown) => JSON.stringify(v) ?? String(v);

/** Every difference between a shown answer and a real one, each naming its JSON path. */
export function compareShown(shown: Shown, actual: unknown, path = '$', key = ''): string[] {
  const mask = Object.hasOwn(MASKED_KEYS, key) ? MASKED_KEYS[key] : undefined;
  switch (shown.kind) {
    case 'value':
      if (mask) {
        return shapeOf(actual, mask) === shapeOf(shown.value, mask)
          ? []
          : [`${path}: shown ${show(shown.value)}, got ${show(actual)} (a different shape)`];
      }
      return actual === shown.value ? [] : [`${path}: shown ${show(shown.value)}, got ${show(actual)}`];
    case 'prefix': {
      const text = typeof actual === 'string' ? actual : show(actual);
      if (mask) return [];
      return text.startsWith(shown.text)
        ? []
        : [`${path}: shown starting ${show(shown.text)}, got ${show(actual)}`];
    }
    case 'object': {
      if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
        return [`${path}: shown an object, got ${show(actual)}`];
      const obj = actual as Record<string, unknown>;
      const problems: string[] = [];
      for (const [k, v] of shown.entries) {
        if (!Object.hasOwn(obj, k)) problems.push(`${path}.${k}: shown, missing from the answer`);
        else problems.push(...compareShown(v, obj[k], `${path}.${k}`, k));
      }
      if (!shown.open) {
        const shownKeys = new Set(shown.entries.map(([k]) => k));
        for (const k of Object.keys(obj))
          if (!shownKeys.has(k)) problems.push(`${path}.${k}: in the answer (${show(obj[k])}), not shown`);
      }
      return problems;
    }
    case 'array':
      if (!Array.isArray(actual)) return [`${path}: shown an array, got ${show(actual)}`];
      return compareArray(shown, actual, path);
  }
}

function compareArray(shown: Shown & { kind: 'array' }, actual: unknown[], path: string): string[] {
  const items: (Shown | typeof GAP)[] = shown.open ? [...shown.items, GAP] : shown.items;
  if (!items.includes(GAP)) {
    const problems = items.flatMap((s, n) => compareShown(s as Shown, actual[n], `${path}[${n}]`));
    if (actual.length !== items.length)
      problems.push(`${path}: shown ${items.length} elements, got ${actual.length}`);
    return problems;
  }
  // Runs of shown elements between gaps, each matched in order; a run with no gap before it
  // starts the array and one with no gap after it ends it.
  const runs: Shown[][] = [[]];
  for (const s of items) {
    if (s === GAP) runs.push([]);
    else runs[runs.length - 1]!.push(s);
  }
  const matchesAt = (run: Shown[], at: number) =>
    run.every((s, n) => at + n < actual.length && compareShown(s, actual[at + n]).length === 0);
  let at = 0;
  for (const [r, run] of runs.entries()) {
    if (run.length === 0) continue;
    const first = r === 0;
    const last = r === runs.length - 1;
    let found = -1;
    if (first) found = matchesAt(run, 0) ? 0 : -1;
    else if (last)
      found =
        actual.length - run.length >= at && matchesAt(run, actual.length - run.length)
          ? actual.length - run.length
          : -1;
    else for (let p = at; p + run.length <= actual.length && found < 0; p++) if (matchesAt(run, p)) found = p;
    if (found < 0) {
      const where = first ? 'at the start' : last ? 'at the end' : `after element ${at - 1}`;
      // An anchored run can say which element differs; a floating one was looked for everywhere.
      const anchor = first ? 0 : last ? actual.length - run.length : -1;
      const detail =
        anchor < 0
          ? []
          : run.flatMap((s, n) => compareShown(s, actual[anchor + n], `${path}[${anchor + n}]`));
      return [
        `${path}: the shown elements of run ${r + 1} are not found ${where} of the answer's ${actual.length}`,
        ...detail.slice(0, 5),
      ];
    }
    at = found + run.length;
  }
  return [];
}
