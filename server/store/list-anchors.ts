import type { Db } from './db.js';
import { prep } from './db.js';

/** Rows between two anchors. */
export const ANCHOR_STRIDE = 1000;
const MAX_FILTERS = 200;

interface Anchors {
  /** ids[j] = id of the (j * STRIDE)-th matching row in ascending id order. */
  ids: number[];
}

/**
 * Page-numbered lists without deep OFFSET scans (issue 10): purchases are never deleted and
 * the filters used here are on columns that never change, so the matching rows in ascending
 * id order only ever grow at the end. Every 1000th id is remembered once; a page is then one
 * short index range from the nearest anchor, and the total is anchors × 1000 plus the tail.
 */
export class ListAnchors {
  private readonly byFilter = new Map<string, Anchors>();

  /** Total rows matching `where` and the id range [fromId, toId) of the wanted ascending positions. */
  locate(db: Db, where: string, params: unknown[], ascStart: number): { total: number; fromId: number; skip: number } {
    const a = this.anchorsFor(db, where, params);
    const last = a.ids.length ? a.ids[a.ids.length - 1] : 0;
    const tail = (prep(db, `SELECT COUNT(*) AS n FROM purchases WHERE ${where} AND id >= ?`).get(...params, last) as { n: number }).n;
    const total = a.ids.length ? (a.ids.length - 1) * ANCHOR_STRIDE + tail : tail;
    const j = Math.min(Math.floor(Math.max(ascStart, 0) / ANCHOR_STRIDE), Math.max(a.ids.length - 1, 0));
    const fromId = a.ids.length ? a.ids[j] : 0;
    return { total, fromId, skip: Math.max(ascStart, 0) - j * ANCHOR_STRIDE };
  }

  private anchorsFor(db: Db, where: string, params: unknown[]): Anchors {
    const key = `${where}|${JSON.stringify(params)}`;
    let a = this.byFilter.get(key);
    if (!a) {
      if (this.byFilter.size >= MAX_FILTERS) this.byFilter.delete(this.byFilter.keys().next().value!);
      a = { ids: [] };
      this.byFilter.set(key, a);
    }
    // Extend: walk forward from the last anchor while a full stride of rows follows it.
    const step = prep(db, `SELECT id FROM purchases WHERE ${where} AND id >= ? ORDER BY id LIMIT 1 OFFSET ?`);
    if (a.ids.length === 0) {
      const first = step.get(...params, 0, 0) as { id: number } | undefined;
      if (!first) return a;
      a.ids.push(first.id);
    }
    for (;;) {
      const next = step.get(...params, a.ids[a.ids.length - 1], ANCHOR_STRIDE) as { id: number } | undefined;
      if (!next) return a;
      a.ids.push(next.id);
    }
  }
}
