import { computed, onUnmounted, type Ref } from 'vue';
import { onBeforeRouteLeave, type RouteLocationNormalized } from 'vue-router';
import { askConfirm } from './useDialog.js';

/** Something on the page that leaving would lose: a form's unsaved edits, or secrets shown once. */
interface Guarded {
  pending: Ref<boolean>;
  what: () => string;
  /** Set for secrets shown once: drops them when the user chooses to leave them behind. */
  forget?: () => void;
  /** The secrets are several ("them"), or one ("it"). */
  plural?: boolean;
}

/** Every mounted form or secret reveal that guards against leaving. */
const guarded = new Set<Guarded>();
/** The navigation the question was already answered "leave" for (one page may hold two forms). */
let leaving: RouteLocationNormalized | null = null;
/** Set while a leave the user already confirmed (sign out) changes the page. */
let confirmed = false;

const openOnes = (): Guarded[] => [...guarded].filter((g) => g.pending.value);

/**
 * In a browser tab, a reload or a closed tab would lose them too, past the console's own dialog:
 * the browser's "Leave site?" asks instead. Not in the desktop window, where Electron would
 * cancel the close without any question (it answers with its own window close handling).
 */
if (typeof window !== 'undefined' && !window.vendpoint)
  window.addEventListener('beforeunload', (event) => {
    if (openOnes().length === 0) return;
    event.preventDefault();
    // Older engines ask only when returnValue is set.
    event.returnValue = '';
  });
const listed = (names: string[]) => names.join(' and ');

/**
 * One question for everything the page would lose. Secrets come first: unlike edits, they
 * cannot be typed again, and only a rotation issues new ones.
 */
function ask(open: Guarded[]): Promise<boolean> {
  const edits = open.filter((g) => !g.forget).map((g) => g.what());
  const secrets = open.filter((g) => g.forget);
  if (secrets.length === 0)
    return askConfirm({
      title: 'Leave without saving?',
      text: `Your changes to ${listed(edits)} are not saved. Leaving the page throws them away.`,
      confirmLabel: 'Leave without saving',
      cancelLabel: 'Stay and save',
      danger: true,
    });
  const them = secrets.length > 1 || secrets[0].plural ? 'them' : 'it';
  const names = listed(secrets.map((g) => g.what()));
  return askConfirm({
    title: `Leave without storing the secret${them === 'them' ? 's' : ''}?`,
    text:
      `${names[0].toUpperCase()}${names.slice(1)} ${them === 'them' ? 'are' : 'is'} shown this once: leaving ` +
      `the page loses ${them} for good, and only a rotation issues new ones. Copy ${them} and press ` +
      `"I have stored ${them} safely" first.` +
      (edits.length ? ` Your changes to ${listed(edits)} are not saved either.` : ''),
    confirmLabel: `Leave and lose ${them}`,
    cancelLabel: `Stay and copy ${them}`,
    danger: true,
  });
}

/** Asks about what is open; on "leave", secrets left behind are dropped from the page's memory. */
async function askAndForget(open: Guarded[]): Promise<boolean> {
  const go = await ask(open);
  if (go) for (const g of open) g.forget?.();
  return go;
}

function guard(g: Guarded): void {
  guarded.add(g);
  onUnmounted(() => guarded.delete(g));
  onBeforeRouteLeave(async (to) => {
    if (confirmed || leaving === to || !g.pending.value) return true;
    const go = await askAndForget(openOnes());
    if (go) leaving = to;
    return go;
  });
}

/**
 * Leaving a page whose form holds changes that are not saved asks first, in the console's own
 * dialog: a click on another menu entry must not throw away an allowlist typed by hand. (A reload
 * or a closed tab asks through the browser's own question; see the beforeunload listener.) One
 * question covers every unsaved form of the page.
 */
export function useUnsavedChanges(dirty: Ref<boolean>, what: () => string): void {
  guard({ pending: dirty, what });
}

/**
 * Secrets shown once (new merchant credentials, a webhook signing secret) ask the same way
 * until the admin says they are stored: a click on the menu must not lose them unasked. For a
 * component that is on screen only while it shows them; `forget` drops them on "leave".
 */
export function useShownOnceSecrets(what: () => string, forget: () => void, plural: boolean): void {
  guard({ pending: computed(() => true), what, forget, plural });
}

/**
 * A leave that is not only a page change (sign out ends the session first) asks about unsaved
 * forms and unstored secrets before it starts, then runs without the pages asking again.
 * Nothing runs when the user chooses to stay.
 */
export async function leaveAskingFirst(leave: () => Promise<void>): Promise<void> {
  const open = openOnes();
  if (open.length > 0 && !(await askAndForget(open))) return;
  confirmed = true;
  try {
    await leave();
  } finally {
    confirmed = false;
  }
}
