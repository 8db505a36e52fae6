import type { Db } from './db.js';
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
/** Counts catalog writes made by this process, so the in-memory catalog knows when to reload. */
export declare const catalogWriteCount: () => number;
export declare const noteCatalogWrite: () => void;
export declare function catalogDir(resourcesDir: string): string;
/** Loads the default catalogs into a new database (DESIGN "Catalogs"). Runs inside the init transaction. */
export declare function seedCatalogs(db: Db, dir: string): void;
export declare const allDataPlans: (db: Db) => DataPlan[];
export declare const allBillPlans: (db: Db) => BillPlan[];
export declare const allGiftCards: (db: Db) => GiftCardPlan[];
export declare const allEsimPlans: (db: Db) => EsimPlan[];
declare const PLAN_TABLES: {
    readonly data: {
        readonly table: "data_plans";
        readonly key: "id";
    };
    readonly bill: {
        readonly table: "bill_plans";
        readonly key: "id";
    };
    readonly giftcard: {
        readonly table: "giftcards";
        readonly key: "plan_id";
    };
    readonly esim: {
        readonly table: "esim_plans";
        readonly key: "plan_id";
    };
};
export type CatalogKind = keyof typeof PLAN_TABLES;
/** Enables or disables one plan (console "Catalogs"), audited. */
export declare function setPlanActive(db: Db, kind: CatalogKind, id: string | number, active: boolean, actor: string): boolean;
export {};
