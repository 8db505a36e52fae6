import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextRowIndex, pageCount, pageOf, sortRows } from '../../renderer/src/lib/table.js';

const rows = [
  { code: 'B2', amount: 300 },
  { code: 'A10', amount: 100 },
  { code: 'A9', amount: null },
  { code: 'c1', amount: 200 },
];

describe('table sorting', () => {
  it('sorts text naturally and case-blind, numbers as numbers, both ways', () => {
    expect(sortRows(rows, (r) => r.code, 'asc').map((r) => r.code)).toEqual(['A9', 'A10', 'B2', 'c1']);
    expect(sortRows(rows, (r) => r.code, 'desc').map((r) => r.code)).toEqual(['c1', 'B2', 'A10', 'A9']);
    expect(sortRows(rows, (r) => r.amount, 'asc').map((r) => r.amount)).toEqual([100, 200, 300, null]);
  });
  it('keeps empty values last in either direction and equal rows in their order', () => {
    expect(sortRows(rows, (r) => r.amount, 'desc').map((r) => r.amount)).toEqual([300, 200, 100, null]);
    const same = [
      { k: 1, n: 'x' },
      { k: 2, n: 'x' },
      { k: 3, n: 'x' },
    ];
    expect(sortRows(same, (r) => r.n, 'desc').map((r) => r.k)).toEqual([1, 2, 3]);
  });
  it('does not change the rows it was given', () => {
    const copy = [...rows];
    sortRows(rows, (r) => r.code, 'asc');
    expect(rows).toEqual(copy);
  });
});

describe('table paging', () => {
  it('cuts pages of a size and clamps a page past the end to the last', () => {
    const list = Array.from({ length: 23 }, (_, i) => i);
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageOf(list, 1, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageOf(list, 3, 10)).toEqual([20, 21, 22]);
    expect(pageOf(list, 9, 10)).toEqual([20, 21, 22]);
  });
});

describe('row focus by keyboard', () => {
  it('arrows move one row and stop at the ends; Home and End jump; other keys do nothing', () => {
    expect(nextRowIndex('ArrowDown', 0, 3)).toBe(1);
    expect(nextRowIndex('ArrowDown', 2, 3)).toBe(2);
    expect(nextRowIndex('ArrowUp', 0, 3)).toBe(0);
    expect(nextRowIndex('ArrowUp', 2, 3)).toBe(1);
    expect(nextRowIndex('Home', 2, 3)).toBe(0);
    expect(nextRowIndex('End', 0, 3)).toBe(2);
    expect(nextRowIndex('x', 0, 3)).toBeNull();
    expect(nextRowIndex('ArrowDown', 0, 0)).toBeNull();
  });
});

describe('every list is AppDataTable', () => {
  const SRC = join(import.meta.dirname, '../../renderer/src');
  const vueFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? vueFiles(join(dir, e.name)) : e.name.endsWith('.vue') ? [join(dir, e.name)] : [],
    );

  it('no component but AppDataTable writes a <table> of its own', () => {
    const own = vueFiles(SRC)
      .filter((f) => !f.endsWith('AppDataTable.vue'))
      .filter((f) => /<table[\s>]/.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(SRC.length + 1));
    expect(own).toEqual([]);
  });
});
