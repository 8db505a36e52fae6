import { reactive } from 'vue';

/**
 * A mouse or finger press under way, from its mousedown to just after its click. A field left
 * by such a press shows its error only once the press is over: shown at once, the new line moves
 * what is being pressed from under the pointer and the tap is lost (Continue, on a phone, under
 * an empty phone number's error).
 */
let pressing = false;
const afterPress: (() => void)[] = [];
if (typeof window !== 'undefined') {
  // Capture: before the press's own handlers, and before it moves the focus (and blurs a field).
  window.addEventListener('mousedown', () => (pressing = true), true);
  // The click, if any, is dispatched in the same task as the mouseup: this runs after it.
  window.addEventListener(
    'mouseup',
    () =>
      setTimeout(() => {
        pressing = false;
        afterPress.splice(0).forEach((show) => show());
      }),
    true,
  );
}

/**
 * Which fields may show their error: one the agent has left, or every field of a step once the
 * agent tried to go on. A field the agent has not reached yet stays quiet (no red text after a
 * verify for the amount nobody has typed).
 */
export function useTouched<Field extends string>() {
  const left = reactive(new Set<string>());
  const tried = reactive(new Set<string>());

  /** The agent left the field (blur); by a press, its error waits for the press to end. */
  function leave(field: Field): void {
    if (pressing) afterPress.push(() => left.add(field));
    else left.add(field);
  }
  /** The agent tried to continue with these fields: all of them may now show their errors. */
  const attempt = (...fields: Field[]) => fields.forEach((f) => tried.add(f));
  const shows = (field: Field) => left.has(field) || tried.has(field);
  function reset(): void {
    left.clear();
    tried.clear();
  }
  return { leave, attempt, shows, reset };
}
