import { onUnmounted, type Ref } from 'vue';
import { onBeforeRouteLeave, type RouteLocationNormalized } from 'vue-router';
import { askConfirm } from './useDialog.js';

interface UnsavedForm {
  dirty: Ref<boolean>;
  what: () => string;
}

/** Every mounted form that watches its unsaved edits. */
const forms = new Set<UnsavedForm>();
/** The navigation the question was already answered "leave" for (one page may hold two forms). */
let leaving: RouteLocationNormalized | null = null;
/** Set while a leave the user already confirmed (sign out) changes the page. */
let confirmed = false;

function unsavedNames(): string[] {
  return [...forms].filter((f) => f.dirty.value).map((f) => f.what());
}

function ask(names: string[]): Promise<boolean> {
  return askConfirm({
    title: 'Leave without saving?',
    text: `Your changes to ${names.join(' and ')} are not saved. Leaving the page throws them away.`,
    confirmLabel: 'Leave without saving',
    cancelLabel: 'Stay and save',
    danger: true,
  });
}

/**
 * Leaving a page whose form holds changes that are not saved asks first, in the console's own
 * dialog: a click on another menu entry must not throw away an allowlist typed by hand. (Not on
 * closing the window: Electron would cancel the close without any question.) One question
 * covers every unsaved form of the page.
 */
export function useUnsavedChanges(dirty: Ref<boolean>, what: () => string): void {
  const form: UnsavedForm = { dirty, what };
  forms.add(form);
  onUnmounted(() => forms.delete(form));
  onBeforeRouteLeave(async (to) => {
    if (confirmed || leaving === to || !dirty.value) return true;
    const go = await ask(unsavedNames());
    if (go) leaving = to;
    return go;
  });
}

/**
 * A leave that is not only a page change (sign out ends the session first) asks about unsaved
 * forms before it starts, then runs without the pages asking again. Nothing runs when the user
 * chooses to stay.
 */
export async function leaveAskingFirst(leave: () => Promise<void>): Promise<void> {
  const names = unsavedNames();
  if (names.length > 0 && !(await ask(names))) return;
  confirmed = true;
  try {
    await leave();
  } finally {
    confirmed = false;
  }
}
