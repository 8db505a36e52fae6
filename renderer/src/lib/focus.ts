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
