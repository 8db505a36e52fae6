import { reactive } from 'vue';

/**
 * Which fields may show their error: one the agent has left, or every field of a step once the
 * agent tried to go on. A field the agent has not reached yet stays quiet (no red text after a
 * verify for the amount nobody has typed).
 */
export function useTouched<Field extends string>() {
  const left = reactive(new Set<string>());
  const tried = reactive(new Set<string>());

  /** The agent left the field (blur). */
  const leave = (field: Field) => left.add(field);
  /** The agent tried to continue with these fields: all of them may now show their errors. */
  const attempt = (...fields: Field[]) => fields.forEach((f) => tried.add(f));
  const shows = (field: Field) => left.has(field) || tried.has(field);
  function reset(): void {
    left.clear();
    tried.clear();
  }
  return { leave, attempt, shows, reset };
}
