/** Pure parts of AppDataTable: sorting, paging and row focus by keyboard, unit-tested. */

export type SortValue = string | number | null | undefined;
export type SortDirection = 'asc' | 'desc';

export interface TableColumn<T> {
  key: string;
  label: string;
  /** Right-aligned tabular figures (amounts, counts). */
  num?: boolean;
  /** Makes the header a sort button; the value rows are ordered by. */
  sort?: (row: T) => SortValue;
  /** The header is read by screen readers only (e.g. an actions column). */
  hiddenLabel?: boolean;
  /** Row buttons: no visible header, cells lay their buttons out in a row at the right. */
  actions?: boolean;
  /** Classes for the column's cells. */
  cellClass?: string;
}

/** What a table is, said once in a component's script; the template hands it rows. */
export interface TableSpec<T> {
  /** The table's accessible name. */
  label: string;
  columns: TableColumn<T>[];
  rowKey: (row: T) => string | number;
  testid?: string;
  rowTestid?: (row: T) => string;
  /** Without a title an empty list shows just its headers (the page explains it itself). */
  emptyTitle?: string;
  emptyText?: string;
  loadingText?: string;
  /** Rows per page; 0 or none shows all. */
  pageSize?: number;
  sortKey?: string;
  sortDir?: SortDirection;
}

/** Totals per product (cash-up, daily report): product, a count, an amount, then any more columns. */
export function byProductTable<T extends { product: string }>(
  label: string,
  countLabel: string,
  more: TableColumn<T>[] = [],
): TableSpec<T> {
  return {
    label,
    rowKey: (p) => p.product,
    columns: [
      { key: 'product', label: 'Product' },
      { key: 'count', label: countLabel, num: true },
      { key: 'amount', label: 'Amount', num: true },
      ...more,
    ],
  };
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** A stable sort; empty values go last in either direction, as a reader expects. */
export function sortRows<T>(rows: readonly T[], by: (row: T) => SortValue, dir: SortDirection): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, v: by(row) }))
    .sort((a, b) => {
      const aEmpty = a.v === null || a.v === undefined || a.v === '';
      const bEmpty = b.v === null || b.v === undefined || b.v === '';
      if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.i - b.i : aEmpty ? 1 : -1;
      const c =
        typeof a.v === 'number' && typeof b.v === 'number'
          ? a.v - b.v
          : collator.compare(String(a.v), String(b.v));
      return c * sign || a.i - b.i;
    })
    .map((x) => x.row);
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Page `page` (1-based) of `size` rows; a page past the end shows the last one. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): T[] {
  const last = pageCount(rows.length, size);
  const p = Math.min(Math.max(1, page), last);
  return rows.slice((p - 1) * size, p * size);
}

/** Where row focus goes for a key: arrows one row, Home/End to the ends; null for other keys. */
export function nextRowIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, current + 1);
    case 'ArrowUp':
      return Math.max(0, current - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
