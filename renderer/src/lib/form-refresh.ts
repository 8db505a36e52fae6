/**
 * A form's fields when the stored values it was opened with arrive again (a page's reload, or the
 * answer to its own save): a field still as it was stored takes the new stored value, and a field
 * the user has changed keeps what they typed. Overwriting every field lost what an admin had
 * begun typing the moment a reload landed, and left the page with nothing to ask on leaving.
 */
export function refreshedFields<T extends Record<string, unknown>>(
  typed: T,
  before: T | undefined,
  after: T,
): T {
  if (!before) return { ...after };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const out = { ...after };
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (!same(typed[key], before[key])) out[key] = typed[key];
  }
  return out;
}
