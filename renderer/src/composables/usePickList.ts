import { nextTick, watch, type Ref } from 'vue';

interface PickListOptions<Row, Key> {
  /** The rows in view, in the order the list shows them (one radio each). */
  rows: Ref<Row[]>;
  keyOf: (row: Row) => Key;
  selected: Ref<Key>;
  /** The value of `selected` when nothing is chosen ('' or null). */
  none: Key;
  /** True once the agent narrowed the list (typed a search, set a filter). */
  narrowed: () => boolean;
  /** Rows that may be chosen (a gift card out of stock may not). */
  selectable?: (row: Row) => boolean;
  /** The list's element: its radios are focused by row position. */
  list: Ref<HTMLElement | null>;
  /** Enter in the search box or on a row: the agent has chosen. */
  pick: () => void;
}

/**
 * The keyboard of a search box over a list of radio rows (data plans, eSIMs, gift cards): a
 * search that leaves one row chooses it without another key, ↓/↑ move from the box into the
 * list (whose radios then take the arrows themselves), and Enter in the box or on a row takes
 * the choice. A choice the search or a filter hides is dropped: Enter or Continue must never
 * sell a row the agent can no longer see (typing "1500" passes through "150", whose one match
 * would otherwise stay chosen behind two ₦1,500 plans).
 */
export function usePickList<Row, Key>(o: PickListOptions<Row, Key>) {
  const canPick = (row: Row) => o.selectable?.(row) ?? true;
  /** The search box the agent last used the arrows in: where ↑ from the first row returns. */
  let searchBox: HTMLElement | null = null;

  watch(o.rows, (rows) => {
    if (rows.length === 1 && canPick(rows[0]) && o.narrowed()) o.selected.value = o.keyOf(rows[0]);
    else if (o.selected.value !== o.none && !rows.some((r) => o.keyOf(r) === o.selected.value))
      o.selected.value = o.none;
  });

  async function focusRow(index: number) {
    o.selected.value = o.keyOf(o.rows.value[index]);
    await nextTick();
    o.list.value?.querySelectorAll<HTMLInputElement>('input[type="radio"]')[index]?.focus();
  }

  /** On the search box: ↓/↑ enter the list at the chosen row (else its first or last); Enter takes it. */
  function onSearchKey(e: KeyboardEvent) {
    searchBox = e.currentTarget instanceof HTMLElement ? e.currentTarget : searchBox;
    const rows = o.rows.value;
    const choosable = rows.map((r, i) => (canPick(r) ? i : -1)).filter((i) => i >= 0);
    if (!choosable.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const current = rows.findIndex((r) => o.keyOf(r) === o.selected.value && canPick(r));
      const start = e.key === 'ArrowDown' ? choosable[0] : choosable[choosable.length - 1];
      void focusRow(current >= 0 ? current : start);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (!rows.some((r) => o.keyOf(r) === o.selected.value))
        o.selected.value = rows.length === 1 && canPick(rows[0]) ? o.keyOf(rows[0]) : o.none;
      o.pick();
    }
  }

  /**
   * On a row's radio: Enter takes that row; ↑ on the first row goes back to the search box it
   * came from (a radio group would wrap to its last row, leaving only Shift+Tab to get back).
   */
  function onRowKey(e: KeyboardEvent, row: Row) {
    if (e.key === 'ArrowUp' && searchBox) {
      const first = o.rows.value.find((r) => canPick(r));
      if (first !== undefined && o.keyOf(first) === o.keyOf(row)) {
        e.preventDefault();
        searchBox.focus();
        return;
      }
    }
    if (e.key !== 'Enter' || !canPick(row)) return;
    e.preventDefault();
    o.selected.value = o.keyOf(row);
    o.pick();
  }

  return { onSearchKey, onRowKey };
}
