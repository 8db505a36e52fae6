import type { Telco } from './networks.js';
/** The fields of a data plan the resolution rules need. */
export interface DataPlanRef {
    id: number;
    network: string;
    plan_code: string;
    tarrif_type_id: string;
    short_code: string;
    product_id: string | null;
    active: number;
}
export interface BillPlanRef {
    id: number;
    network: string;
    product: string;
    active: number;
}
/**
 * Resolves what a merchant sent as a data `plan_code` to one catalog plan of `network`.
 * New integrations send the prefixed code (MTN-101); legacy forms still resolve (spec
 * "Plan catalogs"): mtn a bare tariff type id (bare numbers are never catalog ids there),
 * glo a catalog id or product id, airtel a catalog id or tariff type id, 9mobile a catalog
 * id or plan code; any network's shortCode.
 */
export declare function resolveDataPlan<P extends DataPlanRef>(all: readonly P[], network: Telco, sent: string, field?: string): P;
/** A bill plan_code is the integer catalog id of a plan of that product and network/platform. */
export declare function resolveBillPlan<P extends BillPlanRef>(all: readonly P[], product: string, network: string, sent: unknown, field?: string): P;
