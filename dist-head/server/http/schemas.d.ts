/** Shared JSON schemas: both the validators and the OpenAPI document. */
export declare const ErrorBody: import("@sinclair/typebox").TObject<{
    status: import("@sinclair/typebox").TLiteral<"error">;
    code: import("@sinclair/typebox").TInteger;
    message: import("@sinclair/typebox").TString;
}>;
/** Every error status the spec's HTTP table names for these routes, so the OpenAPI document lists them. */
export declare const errorResponses: {
    400: import("@sinclair/typebox").TRef<"ErrorBody">;
    401: import("@sinclair/typebox").TRef<"ErrorBody">;
    403: import("@sinclair/typebox").TRef<"ErrorBody">;
    404: import("@sinclair/typebox").TRef<"ErrorBody">;
    422: import("@sinclair/typebox").TRef<"ErrorBody">;
    500: import("@sinclair/typebox").TRef<"ErrorBody">;
    502: import("@sinclair/typebox").TRef<"ErrorBody">;
    503: import("@sinclair/typebox").TRef<"ErrorBody">;
};
export declare const TransactionCreateBody: import("@sinclair/typebox").TObject<{
    merchant_code: import("@sinclair/typebox").TString;
    customer_msisdn: import("@sinclair/typebox").TString;
    network: import("@sinclair/typebox").TString;
    product: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    amount: import("@sinclair/typebox").TString;
    client_request_id: import("@sinclair/typebox").TString;
    plan_code: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnsafe<unknown>>;
    phone: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export declare const TransactionData: import("@sinclair/typebox").TObject<{
    internal_reference: import("@sinclair/typebox").TString;
    msisdn: import("@sinclair/typebox").TString;
    product: import("@sinclair/typebox").TString;
    request_id: import("@sinclair/typebox").TString;
    network: import("@sinclair/typebox").TString;
    amount: import("@sinclair/typebox").TString;
    plan: import("@sinclair/typebox").TString;
    merchant_id: import("@sinclair/typebox").TInteger;
    created_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    updated_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    merchant_name: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export declare const TransactionEnvelope: import("@sinclair/typebox").TObject<{
    status: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"success">, import("@sinclair/typebox").TLiteral<"failed">, import("@sinclair/typebox").TLiteral<"pending">]>;
    response_code: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"00">, import("@sinclair/typebox").TLiteral<"01">, import("@sinclair/typebox").TLiteral<"02">]>;
    response_message: import("@sinclair/typebox").TString;
    data: import("@sinclair/typebox").TObject<{
        internal_reference: import("@sinclair/typebox").TString;
        msisdn: import("@sinclair/typebox").TString;
        product: import("@sinclair/typebox").TString;
        request_id: import("@sinclair/typebox").TString;
        network: import("@sinclair/typebox").TString;
        amount: import("@sinclair/typebox").TString;
        plan: import("@sinclair/typebox").TString;
        merchant_id: import("@sinclair/typebox").TInteger;
        created_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        updated_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        merchant_name: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    }>;
}>;
export declare const StatusQuery: import("@sinclair/typebox").TObject<{
    client_request_id: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    request_id: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    request_ref: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export declare const ListQuery: import("@sinclair/typebox").TObject<{
    page: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    limit: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    msisdn: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    network: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    status: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export declare const ListEnvelope: import("@sinclair/typebox").TObject<{
    status: import("@sinclair/typebox").TString;
    data: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        internal_reference: import("@sinclair/typebox").TString;
        msisdn: import("@sinclair/typebox").TString;
        product: import("@sinclair/typebox").TString;
        request_id: import("@sinclair/typebox").TString;
        network: import("@sinclair/typebox").TString;
        amount: import("@sinclair/typebox").TString;
        plan: import("@sinclair/typebox").TString;
        merchant_id: import("@sinclair/typebox").TInteger;
        created_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        updated_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        merchant_name: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    }>>;
    pagination: import("@sinclair/typebox").TObject<{
        total: import("@sinclair/typebox").TInteger;
        page: import("@sinclair/typebox").TInteger;
        size: import("@sinclair/typebox").TInteger;
        total_pages: import("@sinclair/typebox").TInteger;
    }>;
}>;
export declare const VerifyBody: import("@sinclair/typebox").TObject<{
    merchant_code: import("@sinclair/typebox").TString;
    customer_msisdn: import("@sinclair/typebox").TString;
    network: import("@sinclair/typebox").TString;
    product: import("@sinclair/typebox").TString;
    plan_code: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnsafe<unknown>>;
    service_id: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnsafe<unknown>>;
}>;
export declare const VerifyEnvelope: import("@sinclair/typebox").TObject<{
    status: import("@sinclair/typebox").TLiteral<"success">;
    code: import("@sinclair/typebox").TInteger;
    message: import("@sinclair/typebox").TString;
    data: import("@sinclair/typebox").TRecord<import("@sinclair/typebox").TString, import("@sinclair/typebox").TString>;
}>;
