import { prep } from './db.js';
import { applyBillPlans, applyDataPlans, applyEsimPlans, applyGiftCards } from './catalog-sync-sections.js';
/** Applies a whole sync in one transaction and returns what changed per section. */
export function applyCatalogSync(db, input) {
    return db
        .transaction(() => {
        const out = {};
        if (input.data)
            out.data = applyDataPlans(db, input.data);
        if (input.bills)
            out.bills = applyBillPlans(db, input.bills);
        if (input.giftcards)
            out.giftcards = applyGiftCards(db, input.giftcards);
        if (input.esim)
            out.esim = applyEsimPlans(db, input.esim);
        return out;
    })
        .immediate();
}
export function upstreamPlanId(db, upstream, localId) {
    const r = prep(db, `SELECT upstream_id FROM upstream_plan_ids WHERE upstream_name = ? AND kind = 'bill' AND local_id = ?`).get(upstream, localId);
    return r?.upstream_id ?? null;
}
export function recordCatalogSyncRun(db, run) {
    const id = Number(prep(db, 'INSERT INTO catalog_sync_runs (trigger, started_at, finished_at, ok, summary) VALUES (?, ?, ?, ?, ?)').run(run.trigger, run.started_at, run.finished_at, run.ok ? 1 : 0, JSON.stringify(run.summary))
        .lastInsertRowid);
    // Hourly runs: a month of history is plenty.
    prep(db, 'DELETE FROM catalog_sync_runs WHERE id <= ?').run(id - 1000);
    return { id, ...run };
}
export function lastCatalogSyncRun(db) {
    const r = prep(db, 'SELECT * FROM catalog_sync_runs ORDER BY id DESC LIMIT 1').get();
    return r ? { ...r, ok: r.ok === 1, summary: JSON.parse(r.summary) } : null;
}
//# sourceMappingURL=catalog-sync-store.js.map