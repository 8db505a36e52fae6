/**
 * Domain errors carry a stable code and no HTTP knowledge; server/http/errors.ts maps them
 * to the spec's error body. Messages are written for the merchant: they may be shown as is.
 */
export declare class DomainError extends Error {
    readonly code: string;
    constructor(code: string, message: string);
}
export declare class InvalidInput extends DomainError {
    readonly field?: string | undefined;
    constructor(message: string, field?: string | undefined);
}
export declare class InsufficientBalance extends DomainError {
    constructor(message?: string);
}
export declare class DuplicateRequest extends DomainError {
    constructor(key: string);
}
export declare class NotFound extends DomainError {
    constructor(message: string);
}
export declare class Forbidden extends DomainError {
    constructor(message: string);
}
export declare class Unauthorized extends DomainError {
    constructor(message?: string);
}
/** The biller rejected the customer id: a customer-data problem, answered 400. */
export declare class CustomerRejected extends DomainError {
    constructor(message: string);
}
/** Verify or a catalog/fulfilment call could not be completed upstream: 502. */
export declare class UpstreamUnavailable extends DomainError {
    constructor(message?: string);
}
/** Nothing is configured to vend this live product: 503, nothing debited. */
export declare class NoRoute extends DomainError {
    constructor(message: string);
}
export declare class Conflict extends DomainError {
    constructor(message: string);
}
