import type { Ref } from 'vue';
import { onBeforeRouteLeave } from 'vue-router';
import { askConfirm } from './useDialog.js';

/**
 * Leaving a page whose form holds changes that are not saved asks first, in the console's own
 * dialog: a click on another menu entry must not throw away an allowlist typed by hand. (Not on
 * closing the window: Electron would cancel the close without any question.)
 */
export function useUnsavedChanges(dirty: Ref<boolean>, what: () => string): void {
  onBeforeRouteLeave(async () => {
    if (!dirty.value) return true;
    return askConfirm({
      title: 'Leave without saving?',
      text: `Your changes to ${what()} are not saved. Leaving the page throws them away.`,
      confirmLabel: 'Leave without saving',
      cancelLabel: 'Stay and save',
      danger: true,
    });
  });
}
