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
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** Whether the focus was dropped to the page (its control went away or re-rendered). */
const focusLost = () => !document.activeElement || document.activeElement === document.body;

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
