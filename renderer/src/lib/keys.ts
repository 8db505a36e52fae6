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

const DIALOG = '[role="alertdialog"], [role="dialog"]';

/**
 * True when a key press belongs to an open question dialog (AppDialogHost), or comes while one is
 * open: its keys are its own, so the page behind takes no shortcut (a tile's letter, P, N, Esc for
 * back) until it is answered. The target is asked first: the Esc that closes the dialog may have
 * taken it out of the page before the page's own listener hears that Esc.
 */
export function isDialogKey(e: KeyboardEvent): boolean {
  const el = e.target as Element | null;
  if (typeof el?.closest === 'function' && el.closest(DIALOG)) return true;
  return document.querySelector(DIALOG) !== null;
}
