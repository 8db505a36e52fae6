import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
import type { BillPlan, DataPlan } from '../../store/catalog.js';
export declare function dataPlanRow(p: DataPlan): {
    id: number;
    plan_code: string;
    name: string;
    description: string;
    price: string;
    tarrifTypeId: string;
    validity: string;
    value: string;
    group: string;
    shortCode: string;
};
/** Bill plan rows (DESIGN "API decisions"): id, name, network, product, amount_type, price; electricity adds meter_type. */
export declare function billPlanRow(p: BillPlan): Record<string, unknown>;
export declare function dataPlansResponse(s: Services, networkParam: string): {
    status: string;
    description: string;
    data: {
        id: number;
        plan_code: string;
        name: string;
        description: string;
        price: string;
        tarrifTypeId: string;
        validity: string;
        value: string;
        group: string;
        shortCode: string;
    }[];
};
export declare function billPlansResponse(s: Services, productParam: string, networkQuery: string | undefined): {
    status: string;
    description: string;
    data: Record<string, unknown>[];
};
export declare function registerPlanRoutes(app: FastifyInstance, s: Services, prefix: string): void;
