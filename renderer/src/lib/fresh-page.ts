/**
 * Loads the console again at `path`, from the node: every sale, list and code the page held
 * in memory is gone. A desk's browser (or the desktop app's one window) is shared by agents in
 * turn, and the page's stores kept what the last one read: a sale opened again from memory is
 * shown without the node checking who asks. The address is set without a navigation (no
 * hashchange for the router to act on), then the page is reloaded there.
 */
export function startAfresh(path: string): void {
  window.history.replaceState(window.history.state, '', `#${path}`);
  window.location.reload();
}
