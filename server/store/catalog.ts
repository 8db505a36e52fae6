import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db.js';
import { parseNaira } from '../domain/money.js';
import { recordAudit } from './audit.js';
import { noteChange } from './change-counter.js';
import { setSetting, SETTINGS } from './settings.js';

export interface DataPlan {
  id: number;
  network: string;
  plan_code: string;
  name: string;
  description: string;
  price_kobo: number;
  tarrif_type_id: string;
  validity: string;
  value: string;
  grp: string;
  short_code: string;
  product_id: string | null;
  active: number;
}

export interface BillPlan {
  id: number;
  name: string;
  network: string;
  product: string;
  amount_type: 'fixed' | 'range';
  price_kobo: number;
  max_kobo: number | null;
  meter_type: string | null;
  active: number;
}

export interface GiftCardPlan {
  plan_id: number;
  title: string;
  brand: string;
  region: string;
  ui_category: string;
  currency_code: string;
  fixed_price: number;
  face_value: number | null;
  min_price: number | null;
  max_price: number | null;
  featured: number;
  fulfillment: 'immediate' | 'standard' | 'out_of_stock' | 'preorder';
  active: number;
}

export interface EsimPlan {
  plan_id: string;
  title: string;
  country: string;
  region: string;
  data_gb: number;
  duration_days: number;
  currency_code: string;
  price: number;
  active: number;
}

export function catalogDir(resourcesDir: string): string {
  return join(resourcesDir, 'catalog');
}

const readJson = <T>(dir: string, file: string): T => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;

/** Loads the default catalogs into a new database (DESIGN "Catalogs"). Runs inside the init transaction. */
export function seedCatalogs(db: Db, dir: string): void {
  const data = readJson<Record<string, string | number>[]>(dir, 'data-plans.json');
  const insertData = db.prepare(
    `INSERT INTO data_plans (id, network, plan_code, name, description, price_kobo, tarrif_type_id, validity, value, grp, short_code, product_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const p of data) {
    insertData.run(
      p.id,
      p.network,
      p.plan_code,
      p.name,
      p.description,
      parseNaira(p.price),
      p.tarrifTypeId,
      p.validity,
      p.value,
      p.group,
      p.shortCode,
      p.product_id ?? null,
    );
  }
  const bills = readJson<Record<string, string | number>[]>(dir, 'bill-plans.json');
  const insertBill = db.prepare(
    `INSERT INTO bill_plans (id, name, network, product, amount_type, price_kobo, max_kobo, meter_type) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const b of bills) {
    insertBill.run(
      b.id,
      b.name,
      b.network,
      b.product,
      b.amount_type,
      parseNaira(b.price),
      b.max_price ? parseNaira(b.max_price) : null,
      b.meter_type ?? null,
    );
  }
  const cards = readJson<Record<string, string | number | boolean>[]>(dir, 'giftcards.json');
  const insertCard = db.prepare(
    `INSERT INTO giftcards (plan_id, title, brand, region, ui_category, currency_code, fixed_price, face_value, min_price, max_price, featured, fulfillment)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const c of cards) {
    insertCard.run(
      c.plan_id,
      c.title,
      c.brand,
      c.region,
      c.ui_category,
      c.currency_code,
      c.fixed_price ? 1 : 0,
      c.face_value ?? null,
      c.min_price ?? null,
      c.max_price ?? null,
      c.featured ? 1 : 0,
      c.fulfillment,
    );
  }
  const esims = readJson<Record<string, string | number>[]>(dir, 'esim-plans.json');
  const insertEsim = db.prepare(
    `INSERT INTO esim_plans (plan_id, title, country, region, data_gb, duration_days, currency_code, price) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const e of esims) {
    insertEsim.run(
      e.plan_id,
      e.title,
      e.country,
      e.region,
      e.data_gb,
      e.duration_days,
      e.currency_code,
      e.price,
    );
  }
  const fx = SETTINGS.fx.parse(readJson<unknown>(dir, 'fx.json'));
  if (!fx) throw new Error(`${join(dir, 'fx.json')} is not ${SETTINGS.fx.expected}`);
  setSetting(db, SETTINGS.fx, fx);
}

export const allDataPlans = (db: Db): DataPlan[] =>
  db.prepare('SELECT * FROM data_plans ORDER BY network, id').all() as DataPlan[];
export const allBillPlans = (db: Db): BillPlan[] =>
  db.prepare('SELECT * FROM bill_plans ORDER BY product, id').all() as BillPlan[];
export const allGiftCards = (db: Db): GiftCardPlan[] =>
  db.prepare('SELECT * FROM giftcards ORDER BY plan_id').all() as GiftCardPlan[];
export const allEsimPlans = (db: Db): EsimPlan[] =>
  db.prepare('SELECT * FROM esim_plans ORDER BY plan_id').all() as EsimPlan[];

const PLAN_TABLES = {
  data: { table: 'data_plans', key: 'id', name: 'name' },
  bill: { table: 'bill_plans', key: 'id', name: 'name' },
  giftcard: { table: 'giftcards', key: 'plan_id', name: 'title' },
  esim: { table: 'esim_plans', key: 'plan_id', name: 'title' },
} as const;
export type CatalogKind = keyof typeof PLAN_TABLES;

/** Enables or disables one plan (console "Catalogs"), audited. */
export function setPlanActive(
  db: Db,
  kind: CatalogKind,
  id: string | number,
  active: boolean,
  actor: string,
): boolean {
  const t = PLAN_TABLES[kind];
  const changed = db.transaction(() => {
    const n = db
      .prepare(`UPDATE ${t.table} SET active = ? WHERE ${t.key} = ?`)
      .run(active ? 1 : 0, id).changes;
    if (n) {
      // The plan's name with its id: "data:4001" alone tells an operator nothing.
      const plan = db.prepare(`SELECT ${t.name} FROM ${t.table} WHERE ${t.key} = ?`).pluck().get(id);
      recordAudit(db, actor, active ? 'catalog.enable' : 'catalog.disable', `${kind}:${id}`, { plan });
    }
    noteChange(db, 'catalog');
    return n;
  })();
  return changed === 1;
}
