import type { Db } from './db.js';
/** Rows between two anchors. */
export declare const ANCHOR_STRIDE = 1000;
/**
 * Page-numbered lists without deep OFFSET scans (issue 10): purchases are never deleted and
 * the filters used here are on columns that never change, so the matching rows in ascending
 * id order only ever grow at the end. Every 1000th id is remembered once; a page is then one
 * short index range from the nearest anchor, and the total is anchors × 1000 plus the tail.
 */
export declare class ListAnchors {
    private readonly byFilter;
    /**
     * Where ascending position `ascStart` of the rows matching `where` begins, given the
     * total: `fromId` is the nearest anchor at or before it, `skip` the rows to step over.
     */
    total(db: Db, where: string, params: unknown[]): number;
    seek(db: Db, where: string, params: unknown[], ascStart: number): {
        fromId: number;
        skip: number;
    };
    private anchorsFor;
}
