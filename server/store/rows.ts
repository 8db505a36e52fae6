/**
 * Rows to records. The tables name their columns after the records' fields in snake_case
 * (`upstream_name` holds `upstreamName`), so one rule types every row and maps most of them:
 * each store module states only the columns that need more than a rename (JSON text, 0/1 flags).
 */

/** `upstream_name` → `upstreamName`. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** `upstreamName` → `upstream_name`. */
type SnakeCase<S extends string> = S extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `_${Lowercase<First>}`}${SnakeCase<Rest>}`
  : S;

/** The row SQLite returns for a record type: the same fields under their column names. */
export type RowOf<T> = { [K in keyof T & string as SnakeCase<K>]: T[K] };

/** A row with its columns under their field names. */
export type CamelRow<R> = { [K in keyof R & string as CamelCase<K>]: R[K] };

const fieldNames = new Map<string, string>();

function fieldName(column: string): string {
  let name = fieldNames.get(column);
  if (name === undefined) {
    name = column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    fieldNames.set(column, name);
  }
  return name;
}

/**
 * The row's columns under their field names, in column order (which each table keeps as its
 * record's). A generic copy costs a few microseconds a row: fine for records read a few at a
 * time, not for purchases (purchases.ts reads them as arrays in a fixed column order).
 */
export function camelRow<R extends object>(row: R): CamelRow<R> {
  const record: Record<string, unknown> = {};
  for (const column in row) record[fieldName(column)] = row[column];
  return record as CamelRow<R>;
}

/**
 * A row a store function has just written (or checked), read back. Missing, it is a broken
 * invariant (a trigger, another process deleting it), named here in words instead of a
 * TypeError further on.
 */
export function writtenRow<T>(row: T | null | undefined, what: string, key: string | number): T {
  // The words are built only when needed: purchases go through here on every sync sale.
  if (row === null || row === undefined)
    throw new Error(`${what} ${key} was just written but cannot be read back`);
  return row;
}
