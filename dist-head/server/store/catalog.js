import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseNaira } from '../domain/money.js';
import { recordAudit } from './audit.js';
let writes = 0;
/** Counts catalog writes made by this process, so the in-memory catalog knows when to reload. */
export const catalogWriteCount = () => writes;
export const noteCatalogWrite = () => {
    writes++;
};
export function catalogDir(resourcesDir) {
    return join(resourcesDir, 'catalog');
}
const readJson = (dir, file) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
/** Loads the default catalogs into a new database (DESIGN "Catalogs"). Runs inside the init transaction. */
export function seedCatalogs(db, dir) {
    const data = readJson(dir, 'data-plans.json');
    const insertData = db.prepare(`INSERT INTO data_plans (id, network, plan_code, name, description, price_kobo, tarrif_type_id, validity, value, grp, short_code, product_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const p of data) {
        insertData.run(p.id, p.network, p.plan_code, p.name, p.description, parseNaira(p.price), p.tarrifTypeId, p.validity, p.value, p.group, p.shortCode, p.product_id ?? null);
    }
    const bills = readJson(dir, 'bill-plans.json');
    const insertBill = db.prepare(`INSERT INTO bill_plans (id, name, network, product, amount_type, price_kobo, max_kobo, meter_type) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const b of bills) {
        insertBill.run(b.id, b.name, b.network, b.product, b.amount_type, parseNaira(b.price), b.max_price ? parseNaira(b.max_price) : null, b.meter_type ?? null);
    }
    const cards = readJson(dir, 'giftcards.json');
    const insertCard = db.prepare(`INSERT INTO giftcards (plan_id, title, brand, region, ui_category, currency_code, fixed_price, face_value, min_price, max_price, featured, fulfillment)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const c of cards) {
        insertCard.run(c.plan_id, c.title, c.brand, c.region, c.ui_category, c.currency_code, c.fixed_price ? 1 : 0, c.face_value ?? null, c.min_price ?? null, c.max_price ?? null, c.featured ? 1 : 0, c.fulfillment);
    }
    const esims = readJson(dir, 'esim-plans.json');
    const insertEsim = db.prepare(`INSERT INTO esim_plans (plan_id, title, country, region, data_gb, duration_days, currency_code, price) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const e of esims) {
        insertEsim.run(e.plan_id, e.title, e.country, e.region, e.data_gb, e.duration_days, e.currency_code, e.price);
    }
    const fx = readJson(dir, 'fx.json');
    db.prepare(`INSERT OR REPLACE INTO settings (key, value) VALUES ('fx', ?)`).run(JSON.stringify(fx));
}
export const allDataPlans = (db) => db.prepare('SELECT * FROM data_plans ORDER BY network, id').all();
export const allBillPlans = (db) => db.prepare('SELECT * FROM bill_plans ORDER BY product, id').all();
export const allGiftCards = (db) => db.prepare('SELECT * FROM giftcards ORDER BY plan_id').all();
export const allEsimPlans = (db) => db.prepare('SELECT * FROM esim_plans ORDER BY plan_id').all();
const PLAN_TABLES = {
    data: { table: 'data_plans', key: 'id' },
    bill: { table: 'bill_plans', key: 'id' },
    giftcard: { table: 'giftcards', key: 'plan_id' },
    esim: { table: 'esim_plans', key: 'plan_id' },
};
/** Enables or disables one plan (console "Catalogs"), audited. */
export function setPlanActive(db, kind, id, active, actor) {
    const t = PLAN_TABLES[kind];
    const changed = db.transaction(() => {
        const n = db
            .prepare(`UPDATE ${t.table} SET active = ? WHERE ${t.key} = ?`)
            .run(active ? 1 : 0, id).changes;
        if (n)
            recordAudit(db, actor, active ? 'catalog.enable' : 'catalog.disable', `${kind}:${id}`);
        writes++;
        return n;
    })();
    return changed === 1;
}
//# sourceMappingURL=catalog.js.map