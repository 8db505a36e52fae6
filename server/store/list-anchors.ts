import type { Db } from './db.js';
import { prep } from './db.js';

/** Rows between two anchors. */
export const ANCHOR_STRIDE = 1000;
const MAX_FILTERS = 200;

interface Anchors {
  /** ids[j] = id of the (j * STRIDE)-th matching row in ascending id order. */
  ids: number[];
  /** Rows from the last anchor on (inclusive), as last counted. */
  tail: number;
}

/**
 * Page-numbered lists without deep OFFSET scans: purchases are never deleted and
 * the filters used here are on columns that never change, so the matching rows in ascending
 * id order only ever grow at the end. Every 1000th id is remembered once; a page is then one
 * short index range from the nearest anchor, and the total is anchors × 1000 plus the tail.
 */
export class ListAnchors {
  private readonly byFilter = new Map<string, Anchors>();

  /**
   * Where ascending position `ascStart` of the rows matching `where` begins, given the
   * total: `fromId` is the nearest anchor at or before it, `skip` the rows to step over.
   */
  total(db: Db, where: string, params: unknown[]): number {
    const a = this.anchorsFor(db, where, params);
    return a.ids.length ? (a.ids.length - 1) * ANCHOR_STRIDE + a.tail : 0;
  }

  seek(db: Db, where: string, params: unknown[], ascStart: number): { fromId: number; skip: number } {
    const a = this.anchorsFor(db, where, params, false);
    if (!a.ids.length) return { fromId: 0, skip: ascStart };
    const j = Math.min(Math.floor(Math.max(ascStart, 0) / ANCHOR_STRIDE), a.ids.length - 1);
    return { fromId: a.ids[j], skip: Math.max(ascStart, 0) - j * ANCHOR_STRIDE };
  }

  private anchorsFor(db: Db, where: string, params: unknown[], refresh = true): Anchors {
    const key = `${where}|${JSON.stringify(params)}`;
    let a = this.byFilter.get(key);
    if (!a) {
      if (this.byFilter.size >= MAX_FILTERS) this.byFilter.delete(this.byFilter.keys().next().value!);
      a = { ids: [], tail: 0 };
      this.byFilter.set(key, a);
      refresh = true;
    }
    if (!refresh) return a;
    if (a.ids.length === 0) {
      const first = prep(db, `SELECT id FROM purchases WHERE ${where} ORDER BY id LIMIT 1`).get(...params) as
        { id: number } | undefined;
      if (!first) return a;
      a.ids.push(first.id);
    }
    const countFrom = prep(db, `SELECT COUNT(*) AS n FROM purchases WHERE ${where} AND id >= ?`);
    const step = prep(
      db,
      `SELECT id FROM purchases WHERE ${where} AND id >= ? ORDER BY id LIMIT 1 OFFSET ${ANCHOR_STRIDE}`,
    );
    a.tail = (countFrom.get(...params, a.ids[a.ids.length - 1]) as { n: number }).n;
    // Extend only when a full stride follows the last anchor, so a normal request costs one short count.
    while (a.tail > ANCHOR_STRIDE) {
      const next = step.get(...params, a.ids[a.ids.length - 1]) as { id: number };
      a.ids.push(next.id);
      a.tail -= ANCHOR_STRIDE;
    }
    return a;
  }
}
