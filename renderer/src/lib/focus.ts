import type { Directive } from 'vue';

/**
 * v-focus: focuses an element when it appears. The autofocus attribute only works on the
 * first page load, and the console swaps forms and steps without reloading.
 */
export const vFocus: Directive<HTMLElement> = {
  mounted(el) {
    el.focus();
  },
};
