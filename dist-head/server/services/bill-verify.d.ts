import type { Services, Caller } from './context.js';
import { type BillProduct } from '../domain/networks.js';
import type { BillPlan } from '../store/catalog.js';
import type { VerifyResult } from '../upstreams/types.js';
export interface VerifyInput {
    merchant_code?: unknown;
    customer_msisdn?: unknown;
    network?: unknown;
    product?: unknown;
    plan_code?: unknown;
    service_id?: unknown;
}
/** Verifies a bill customer with the upstream that would vend the purchase; no charge. */
export declare function verifyBillCustomer(s: Services, caller: Caller, product: BillProduct, network: string, customerId: string, plan: BillPlan): Promise<VerifyResult>;
/** POST /v1/transactions/verify: validates the body, then asks the biller. */
export declare function verifyFromRequest(s: Services, caller: Caller, body: VerifyInput): Promise<VerifyResult>;
