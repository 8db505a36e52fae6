/**
 * A new idempotency key for one sale attempt, made when the agent confirms: a repeated click
 * or a retry after a lost answer reuses it, so the node refuses a second sale (422).
 * 34 characters, within the spec's 40 for eSIM orders; works outside secure contexts too.
 */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `c-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
