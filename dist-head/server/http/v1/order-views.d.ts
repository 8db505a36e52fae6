import { type TSchema } from '@sinclair/typebox';
import type { Purchase } from '../../store/purchases.js';
/**
 * The order `data` object in the spec's field order. Delivery comes from the purchase's stored
 * result, never from the catalog, so an order reads the same after its plan is retired.
 */
export declare function orderData(p: Purchase): Record<string, unknown>;
export declare function orderEnvelope(p: Purchase): {
    status: import("../../domain/purchase-state.js").PurchaseState;
    response_code: import("../../domain/purchase-state.js").ResponseCode;
    response_message: string;
    data: Record<string, unknown>;
};
export declare const OrderEnvelope: import("@sinclair/typebox").TObject<{
    status: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"success">, import("@sinclair/typebox").TLiteral<"failed">, import("@sinclair/typebox").TLiteral<"pending">]>;
    response_code: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"00">, import("@sinclair/typebox").TLiteral<"01">, import("@sinclair/typebox").TLiteral<"02">]>;
    response_message: import("@sinclair/typebox").TString;
    data: import("@sinclair/typebox").TObject<{
        request_id: import("@sinclair/typebox").TString;
        product: import("@sinclair/typebox").TString;
        internal_reference: import("@sinclair/typebox").TString;
        reference_code: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        product_title: import("@sinclair/typebox").TString;
        amount: import("@sinclair/typebox").TString;
        merchant_id: import("@sinclair/typebox").TInteger;
        cards: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TArray<import("@sinclair/typebox").TRecord<import("@sinclair/typebox").TString, import("@sinclair/typebox").TString>>>;
        iccid: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        activation_code: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        smdp_address: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        lpa: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        redemption_instructions: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    }>;
}>;
/** Catalog, quote, availability and plan envelopes: integer `code`, HTTP-like. */
export declare function catalogEnvelope<T>(message: string, data: T): {
    status: "success";
    code: number;
    message: string;
    data: T;
};
export declare const catalogEnvelopeSchema: <T extends TSchema>(data: T) => import("@sinclair/typebox").TObject<{
    status: import("@sinclair/typebox").TLiteral<"success">;
    code: import("@sinclair/typebox").TInteger;
    message: import("@sinclair/typebox").TString;
    data: T;
}>;
