import type { Db } from './db.js';
import { externalDataVersion, prep } from './db.js';

/** Matching rows between two anchors. */
export const ANCHOR_STRIDE = 256;
/** Anchor ids kept over all filters (8 bytes each): the index is bounded by size, not by rows. */
export const MAX_ANCHORS = 500_000;

interface Anchors {
  /** ids[j] = id of the (j * STRIDE)-th matching row in ascending id order. */
  ids: number[];
  merchantId: number;
  environment: string;
  /** The filter includes the purchase state, which changes after a row is stored. */
  onState: boolean;
}

/**
 * Page-numbered lists without deep OFFSET scans: purchases are never deleted, so the rows
 * matching a filter on columns that never change only ever grow at the end. Every 256th id is
 * remembered as it is first needed; a page is then one short index range from the nearest
 * anchor. A filter on the state also holds older rows that settle later (pending -> success):
 * such a change moves the positions of every matching row after it, so the store tells the
 * index (forgetFrom) and the anchors from that id on are found again when next needed. Another
 * process's commit (data_version) drops the state filters' anchors, as their changes are not
 * seen here.
 */
export class ListAnchors {
  private readonly byFilter = new Map<string, Anchors>();
  private held = 0;
  private external = -1;

  /**
   * Where ascending position `ascStart` of the rows matching `where` begins: `fromId` is the
   * nearest anchor at or before it, `skip` the matching rows to step over from there.
   */
  seek(
    db: Db,
    filter: {
      key: string;
      where: string;
      params: unknown[];
      merchantId: number;
      environment: string;
      onState: boolean;
    },
    ascStart: number,
  ): { fromId: number; skip: number } {
    const external = externalDataVersion(db);
    if (external !== this.external) {
      this.external = external;
      for (const [k, a] of this.byFilter) if (a.onState) this.drop(k, a);
    }
    let a = this.byFilter.get(filter.key);
    if (a) {
      // Most recently used last, so the oldest filter goes first when the index is full.
      this.byFilter.delete(filter.key);
      this.byFilter.set(filter.key, a);
    } else {
      a = {
        ids: [],
        merchantId: filter.merchantId,
        environment: filter.environment,
        onState: filter.onState,
      };
      this.byFilter.set(filter.key, a);
    }
    const { where, params } = filter;
    const start = Math.max(ascStart, 0);
    if (a.ids.length === 0) {
      const first = prep(db, `SELECT id FROM purchases WHERE ${where} ORDER BY id LIMIT 1`).get(...params) as
        { id: number } | undefined;
      if (!first) return { fromId: 0, skip: start };
      this.push(a, first.id);
    }
    const j = Math.floor(start / ANCHOR_STRIDE);
    if (a.ids.length <= j) {
      const step = prep(
        db,
        `SELECT id FROM purchases WHERE ${where} AND id > ? ORDER BY id LIMIT 1 OFFSET ${ANCHOR_STRIDE - 1}`,
      );
      while (a.ids.length <= j) {
        const next = step.get(...params, a.ids[a.ids.length - 1]) as { id: number } | undefined;
        if (!next) break;
        this.push(a, next.id);
      }
    }
    const k = Math.min(j, a.ids.length - 1);
    this.trim(filter.key);
    return { fromId: a.ids[k], skip: start - k * ANCHOR_STRIDE };
  }

  /** A purchase of this merchant and environment changed state: positions from `id` on moved. */
  forgetFrom(merchantId: number, environment: string, id: number): void {
    for (const a of this.byFilter.values()) {
      if (!a.onState || a.merchantId !== merchantId || a.environment !== environment) continue;
      let keep = a.ids.length;
      while (keep > 0 && a.ids[keep - 1] >= id) keep--;
      this.held -= a.ids.length - keep;
      a.ids.length = keep;
    }
  }

  /** Anchor ids held over all filters (for tests). */
  get size(): number {
    return this.held;
  }

  private push(a: Anchors, id: number): void {
    a.ids.push(id);
    this.held++;
  }

  private drop(key: string, a: Anchors): void {
    this.held -= a.ids.length;
    this.byFilter.delete(key);
  }

  /** Least recently used filters go until the index is within its size again. */
  private trim(current: string): void {
    for (const [k, a] of this.byFilter) {
      if (this.held <= MAX_ANCHORS) return;
      if (k !== current) this.drop(k, a);
    }
    // One filter alone over the bound keeps its first anchors (deep pages beyond them step from the last).
    const a = this.byFilter.get(current);
    if (a && this.held > MAX_ANCHORS) {
      this.held -= a.ids.length - MAX_ANCHORS;
      a.ids.length = MAX_ANCHORS;
    }
  }
}
