const TEXT_INPUTS = new Set(['text', 'tel', 'search', 'email', 'password', 'number', 'date', 'url', '']);

/**
 * True when a key press belongs to a field the agent is typing in, so single-letter
 * shortcuts must not fire. Radios, checkboxes and buttons do not take letters.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable) return true;
  return (
    el.tagName === 'INPUT' &&
    TEXT_INPUTS.has(((el as HTMLInputElement).getAttribute('type') ?? '').toLowerCase())
  );
}
