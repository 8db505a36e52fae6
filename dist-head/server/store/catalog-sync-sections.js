import { nowIso, prep } from './db.js';
const zero = () => ({ added: 0, updated: 0, unchanged: 0, deactivated: 0, reactivated: 0 });
const norm = (s) => s.trim().toLowerCase();
function covers(networks, network) {
    return networks === null || networks.some((n) => norm(n) === norm(network));
}
/** A row seen again: reactivated only when a sync (not an operator) had deactivated it. */
function reactivateIfSyncDeactivated(db, kind, table, keyCol, key, counts) {
    const listed = prep(db, 'DELETE FROM catalog_sync_deactivated WHERE kind = ? AND local_id = ?').run(kind, String(key)).changes;
    if (listed) {
        db.prepare(`UPDATE ${table} SET active = 1 WHERE ${keyCol} = ?`).run(key);
        counts.reactivated += 1;
    }
}
/**
 * Deactivates the active rows of a section that no source listed, within the networks the
 * sources cover. A scope (a data network; a bill product and network; a whole gift-card or
 * eSIM catalog) for which no source listed anything is left alone: an empty answer is
 * treated as a read problem, not as the withdrawal of every plan.
 */
function deactivateMissing(db, kind, table, keyCol, local, section, keyOf, networkOf, scopeOf, seen, listedScopes, counts) {
    if (!section.complete)
        return;
    const at = nowIso();
    for (const r of local) {
        const key = String(keyOf(r));
        if (!r.active || seen.has(key))
            continue;
        const network = networkOf(r);
        if (!section.sources.some((s) => covers(s.networks, network)))
            continue;
        if (!listedScopes.has(scopeOf(r)))
            continue;
        db.prepare(`UPDATE ${table} SET active = 0 WHERE ${keyCol} = ?`).run(keyOf(r));
        prep(db, 'INSERT OR REPLACE INTO catalog_sync_deactivated (kind, local_id, at) VALUES (?, ?, ?)').run(kind, key, at);
        counts.deactivated += 1;
    }
}
export function applyDataPlans(db, section) {
    const counts = zero();
    const local = db.prepare('SELECT * FROM data_plans').all();
    const byCode = new Map(local.map((p) => [p.plan_code.toUpperCase(), p]));
    let nextId = Math.max(0, ...local.map((p) => p.id)) + 1;
    const seen = new Set();
    const listed = new Set();
    const fields = [
        'name',
        'description',
        'price_kobo',
        'tarrif_type_id',
        'validity',
        'value',
        'grp',
        'short_code',
    ];
    for (const src of section.sources) {
        for (const row of src.rows) {
            if (!covers(src.networks, row.network))
                continue;
            const existing = byCode.get(row.plan_code.toUpperCase());
            if (existing && existing.network !== row.network)
                continue; // a code cannot move between networks
            listed.add(norm(row.network));
            if (existing) {
                if (seen.has(String(existing.id)))
                    continue; // a higher-priority source already set it
                seen.add(String(existing.id));
                if (fields.some((f) => existing[f] !== row[f])) {
                    prep(db, `UPDATE data_plans SET name = ?, description = ?, price_kobo = ?, tarrif_type_id = ?, validity = ?, value = ?, grp = ?, short_code = ? WHERE id = ?`).run(row.name, row.description, row.price_kobo, row.tarrif_type_id, row.validity, row.value, row.grp, row.short_code, existing.id);
                    counts.updated += 1;
                }
                else
                    counts.unchanged += 1;
                if (!existing.active)
                    reactivateIfSyncDeactivated(db, 'data', 'data_plans', 'id', existing.id, counts);
                continue;
            }
            const id = nextId++;
            prep(db, `INSERT INTO data_plans (id, network, plan_code, name, description, price_kobo, tarrif_type_id, validity, value, grp, short_code, product_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`).run(id, row.network, row.plan_code, row.name, row.description, row.price_kobo, row.tarrif_type_id, row.validity, row.value, row.grp, row.short_code);
            const added = { ...row, id, product_id: null, active: 1 };
            byCode.set(row.plan_code.toUpperCase(), added);
            seen.add(String(id));
            counts.added += 1;
        }
    }
    deactivateMissing(db, 'data', 'data_plans', 'id', local, section, (p) => p.id, (p) => p.network, (p) => norm(p.network), seen, listed, counts);
    return counts;
}
export function applyBillPlans(db, section) {
    const counts = zero();
    const local = db.prepare('SELECT * FROM bill_plans').all();
    const original = [...local];
    let nextId = Math.max(0, ...local.map((p) => p.id)) + 1;
    const seen = new Set();
    const listed = new Set();
    const sameKind = (p, r) => p.product === r.product && norm(p.network) === norm(r.network);
    for (const src of section.sources) {
        const rows = src.rows.filter((r) => covers(src.networks, r.network));
        const matched = new Map();
        const taken = new Set();
        // Name first (an upstream renumbering its plans keeps their names), then the id.
        for (const r of rows) {
            const p = local.find((l) => !taken.has(l.id) && sameKind(l, r) && norm(l.name) === norm(r.name));
            if (p) {
                matched.set(r, p);
                taken.add(p.id);
            }
        }
        for (const r of rows) {
            if (matched.has(r))
                continue;
            const p = local.find((l) => !taken.has(l.id) && sameKind(l, r) && String(l.id) === r.upstream_id);
            if (p) {
                matched.set(r, p);
                taken.add(p.id);
            }
        }
        for (const r of rows) {
            listed.add(`${r.product}|${norm(r.network)}`);
            let p = matched.get(r);
            if (!p) {
                const id = nextId++;
                prep(db, `INSERT INTO bill_plans (id, name, network, product, amount_type, price_kobo, max_kobo, meter_type) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)`).run(id, r.name, r.network, r.product, r.amount_type, r.price_kobo, r.meter_type);
                p = {
                    id,
                    name: r.name,
                    network: r.network,
                    product: r.product,
                    amount_type: r.amount_type,
                    price_kobo: r.price_kobo,
                    max_kobo: null,
                    meter_type: r.meter_type,
                    active: 1,
                };
                local.push(p);
                seen.add(String(id));
                counts.added += 1;
            }
            else if (!seen.has(String(p.id))) {
                seen.add(String(p.id));
                if (p.name !== r.name ||
                    p.amount_type !== r.amount_type ||
                    p.price_kobo !== r.price_kobo ||
                    p.meter_type !== r.meter_type) {
                    prep(db, 'UPDATE bill_plans SET name = ?, amount_type = ?, price_kobo = ?, meter_type = ? WHERE id = ?').run(r.name, r.amount_type, r.price_kobo, r.meter_type, p.id);
                    counts.updated += 1;
                }
                else
                    counts.unchanged += 1;
                if (!p.active)
                    reactivateIfSyncDeactivated(db, 'bill', 'bill_plans', 'id', p.id, counts);
            }
            if (String(p.id) === r.upstream_id) {
                prep(db, `DELETE FROM upstream_plan_ids WHERE upstream_name = ? AND kind = 'bill' AND local_id = ?`).run(src.upstream, String(p.id));
            }
            else {
                prep(db, `INSERT OR REPLACE INTO upstream_plan_ids (upstream_name, kind, local_id, upstream_id) VALUES (?, 'bill', ?, ?)`).run(src.upstream, String(p.id), r.upstream_id);
            }
        }
    }
    deactivateMissing(db, 'bill', 'bill_plans', 'id', original, section, (p) => p.id, (p) => p.network, (p) => `${p.product}|${norm(p.network)}`, seen, listed, counts);
    return counts;
}
export function applyGiftCards(db, section) {
    const counts = zero();
    const local = db.prepare('SELECT * FROM giftcards').all();
    const byId = new Map(local.map((p) => [p.plan_id, p]));
    const seen = new Set();
    const fields = [
        'title',
        'brand',
        'region',
        'ui_category',
        'currency_code',
        'fixed_price',
        'face_value',
        'min_price',
        'max_price',
        'featured',
    ];
    for (const src of section.sources) {
        for (const row of src.rows) {
            const key = String(row.plan_id);
            if (seen.has(key))
                continue;
            seen.add(key);
            const existing = byId.get(row.plan_id);
            if (!existing) {
                prep(db, `INSERT INTO giftcards (plan_id, title, brand, region, ui_category, currency_code, fixed_price, face_value, min_price, max_price, featured, fulfillment)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(row.plan_id, row.title, row.brand, row.region, row.ui_category, row.currency_code, row.fixed_price, row.face_value, row.min_price, row.max_price, row.featured, row.fulfillment ?? 'immediate');
                counts.added += 1;
                continue;
            }
            const fulfillment = row.fulfillment ?? existing.fulfillment;
            if (fields.some((f) => existing[f] !== row[f]) || fulfillment !== existing.fulfillment) {
                prep(db, `UPDATE giftcards SET title = ?, brand = ?, region = ?, ui_category = ?, currency_code = ?, fixed_price = ?, face_value = ?, min_price = ?, max_price = ?, featured = ?, fulfillment = ? WHERE plan_id = ?`).run(row.title, row.brand, row.region, row.ui_category, row.currency_code, row.fixed_price, row.face_value, row.min_price, row.max_price, row.featured, fulfillment, row.plan_id);
                counts.updated += 1;
            }
            else
                counts.unchanged += 1;
            if (!existing.active)
                reactivateIfSyncDeactivated(db, 'giftcard', 'giftcards', 'plan_id', existing.plan_id, counts);
        }
    }
    const listed = new Set(seen.size ? [''] : []);
    deactivateMissing(db, 'giftcard', 'giftcards', 'plan_id', local, section, (p) => p.plan_id, () => '', () => '', seen, listed, counts);
    return counts;
}
export function applyEsimPlans(db, section) {
    const counts = zero();
    const local = db.prepare('SELECT * FROM esim_plans').all();
    const byId = new Map(local.map((p) => [p.plan_id, p]));
    const seen = new Set();
    const fields = ['title', 'country', 'region', 'data_gb', 'duration_days', 'currency_code'];
    for (const src of section.sources) {
        for (const row of src.rows) {
            if (seen.has(row.plan_id))
                continue;
            const existing = byId.get(row.plan_id);
            if (!existing) {
                const price = row.price ?? row.derived_price;
                if (price === null)
                    continue; // cannot be priced: not offered (and not counted as seen)
                seen.add(row.plan_id);
                prep(db, `INSERT INTO esim_plans (plan_id, title, country, region, data_gb, duration_days, currency_code, price) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(row.plan_id, row.title, row.country, row.region, row.data_gb, row.duration_days, row.currency_code, price);
                counts.added += 1;
                continue;
            }
            seen.add(row.plan_id);
            // A price in the plan's currency is taken as is; otherwise the local price is kept.
            const price = row.price ?? existing.price;
            if (fields.some((f) => existing[f] !== row[f]) || price !== existing.price) {
                prep(db, `UPDATE esim_plans SET title = ?, country = ?, region = ?, data_gb = ?, duration_days = ?, currency_code = ?, price = ? WHERE plan_id = ?`).run(row.title, row.country, row.region, row.data_gb, row.duration_days, row.currency_code, price, row.plan_id);
                counts.updated += 1;
            }
            else
                counts.unchanged += 1;
            if (!existing.active)
                reactivateIfSyncDeactivated(db, 'esim', 'esim_plans', 'plan_id', existing.plan_id, counts);
        }
    }
    const listed = new Set(seen.size ? [''] : []);
    deactivateMissing(db, 'esim', 'esim_plans', 'plan_id', local, section, (p) => p.plan_id, () => '', () => '', seen, listed, counts);
    return counts;
}
/** The plan id an upstream expects for one of our bill plans (null: the same id). */
//# sourceMappingURL=catalog-sync-sections.js.map