import { nextTick, type Directive } from 'vue';

/**
 * v-focus: focuses an element when it appears. The autofocus attribute only works on the
 * first page load, and the console swaps forms and steps without reloading.
 */
export const vFocus: Directive<HTMLElement> = {
  mounted(el) {
    el.focus();
  },
};

/**
 * After a refused Continue: the focus goes to the first field marked invalid, in reading order,
 * not left in the field the agent pressed Enter in (a required phone above the amount).
 */
export async function focusFirstInvalid(form: HTMLElement | null): Promise<void> {
  await nextTick();
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  // A refused group (a radiogroup) is entered at its chosen option, else its first one.
  const target = invalid?.matches('input, select, textarea, button, [tabindex]')
    ? invalid
    : (invalid?.querySelector<HTMLElement>('input:checked:not(:disabled)') ??
      invalid?.querySelector<HTMLElement>('input:not(:disabled)'));
  target?.focus();
}

/**
 * Whether the focus was dropped to the page (its control went away or re-rendered), or only
 * rests on the page heading where a new page put it (focusPageHeadingIfLost): either way the
 * next thing to press may take it.
 */
export function focusLost(): boolean {
  const el = document.activeElement;
  return !el || el === document.body || el.hasAttribute('data-page-heading');
}

/**
 * A result just shown (a notice, an error, a shown-once panel): where the user is looking.
 * Off screen, it is scrolled into view and takes the focus (focus and view then agree, and a
 * screen reader reads it); on screen, it takes the focus only if the control pressed went
 * away, else the focus stays on that control. The element needs tabindex="-1".
 */
export async function revealResult(target: () => HTMLElement | null | undefined): Promise<void> {
  // Read after the render: the element of a message just set is only there now.
  await nextTick();
  const el = target();
  if (!el) return;
  const box = el.getBoundingClientRect();
  const inView = box.top >= 0 && box.bottom <= window.innerHeight;
  if (!inView) el.scrollIntoView({ block: 'nearest' });
  if (!inView || focusLost()) el.focus({ preventScroll: true });
}

/**
 * After moving to another page: when the page did not focus a field of its own (v-focus), the
 * focus would stay on the body where the previous page's control was, and Tab would start from
 * some point in the middle of the new page (after the sign-in form, past the top bar). The page's
 * heading takes it instead: a screen reader says which page this is, Tab goes on into the page,
 * and Shift+Tab reaches the top bar. tabindex -1 keeps the heading out of the Tab order.
 */
export function focusPageHeadingIfLost(): void {
  if (!focusLost()) return;
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.setAttribute('data-page-heading', '');
  heading.focus({ preventScroll: true });
}
