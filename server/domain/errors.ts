/**
 * Domain errors carry a stable code and no HTTP knowledge; server/http/errors.ts maps them
 * to the spec's error body. Messages are written for the merchant: they may be shown as is.
 */
/** The prefixes a merchant calls the API under. */
export type MerchantApiPrefix = '/v1' | '/ext/service/v1';

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /**
   * The message for a merchant calling the API under `prefix`. The same as `message` unless
   * the merchant needs other words than the operator (console, CLI): the call to make on the
   * prefix it uses, or what it cannot change itself.
   */
  forMerchantApi(_prefix: MerchantApiPrefix): string {
    return this.message;
  }
}

export class InvalidInput extends DomainError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super('INVALID_INPUT', message);
  }
}
export class InsufficientBalance extends DomainError {
  constructor(message = 'Insufficient wallet balance for this purchase; fund the wallet and retry') {
    super('INSUFFICIENT_BALANCE', message);
  }
}
type KeyHolder = 'transaction' | 'giftcard' | 'esim';

/**
 * Where the outcome of the purchase that holds a key is read, by what it was and on which prefix
 * the caller works: `/ext/service/v1` reads a transaction's status with the key in the path.
 */
function outcomeCall(usedBy: KeyHolder, key: string, prefix: MerchantApiPrefix): string {
  const k = encodeURIComponent(key);
  if (usedBy === 'giftcard') return `GET ${prefix}/giftcards/orders/${k}`;
  if (usedBy === 'esim') return `GET ${prefix}/esim/orders/${k}`;
  return prefix === '/v1'
    ? 'the status call (GET /v1/transactions/status)'
    : `the status call (GET /ext/service/v1/transactions/status/${k})`;
}

export class DuplicateRequest extends DomainError {
  /** `usedBy`: what the purchase already holding the key is (keys are shared by every product). */
  constructor(
    readonly key: string,
    readonly usedBy: KeyHolder = 'transaction',
  ) {
    super('DUPLICATE_REQUEST', DuplicateRequest.sentence(key, usedBy, '/v1'));
  }

  static sentence(key: string, usedBy: KeyHolder, prefix: MerchantApiPrefix): string {
    return `Duplicate request: the key "${key}" was already used; read its outcome with ${outcomeCall(usedBy, key, prefix)}`;
  }

  /** The outcome call on the prefix the caller came in on. */
  override forMerchantApi(prefix: MerchantApiPrefix): string {
    return DuplicateRequest.sentence(this.key, this.usedBy, prefix);
  }
}
export class NotFound extends DomainError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}

const HOLDER_WORDS: Record<KeyHolder, string> = {
  transaction: 'a transaction',
  giftcard: 'a gift-card order',
  esim: 'an eSIM order',
};

/** The read of the purchase holding a key, as one call on the caller's prefix. */
function readCall(usedBy: KeyHolder, key: string, prefix: MerchantApiPrefix): string {
  const k = encodeURIComponent(key);
  if (usedBy === 'giftcard') return `GET ${prefix}/giftcards/orders/${k}`;
  if (usedBy === 'esim') return `GET ${prefix}/esim/orders/${k}`;
  return prefix === '/v1'
    ? `GET /v1/transactions/status?client_request_id=${k}`
    : `GET /ext/service/v1/transactions/status/${k}`;
}

/**
 * A read of one kind of purchase by a key a purchase of another kind holds (keys are shared by
 * every product): not found, as for an unknown key, but saying where that purchase is read.
 */
export class KeyOfAnotherKind extends NotFound {
  /** `esimRedemption`: the holder is an eSIM sold on POST /transactions, whose QR is on the eSIM route. */
  constructor(
    readonly notFound: string,
    readonly key: string,
    readonly usedBy: KeyHolder,
    readonly esimRedemption = false,
  ) {
    super(KeyOfAnotherKind.sentence(notFound, key, usedBy, esimRedemption, '/v1'));
  }

  static sentence(
    notFound: string,
    key: string,
    usedBy: KeyHolder,
    esimRedemption: boolean,
    prefix: MerchantApiPrefix,
  ): string {
    const what = esimRedemption ? `an eSIM bought through POST ${prefix}/transactions` : HOLDER_WORDS[usedBy];
    const qr = esimRedemption
      ? `; its QR code is at GET ${prefix}/esim/orders/${encodeURIComponent(key)}/qrcode`
      : '';
    return `${notFound}: that key is ${what}; read it with ${readCall(usedBy, key, prefix)}${qr}`;
  }

  override forMerchantApi(prefix: MerchantApiPrefix): string {
    return KeyOfAnotherKind.sentence(this.notFound, this.key, this.usedBy, this.esimRedemption, prefix);
  }
}
export class Forbidden extends DomainError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}
export class Unauthorized extends DomainError {
  constructor(message = 'Missing or invalid X-Merchant-Key / X-Merchant-Secret') {
    super('UNAUTHORIZED', message);
  }
}
/** The biller rejected the customer id: a customer-data problem, answered 400. */
export class CustomerRejected extends DomainError {
  constructor(message: string) {
    super('CUSTOMER_REJECTED', message);
  }
}
/** Verify or a catalog/fulfilment call could not be completed upstream: 502. */
export class UpstreamUnavailable extends DomainError {
  constructor(message = 'The provider could not be reached; retry with backoff') {
    super('UPSTREAM_UNAVAILABLE', message);
  }
}
/** Nothing is configured to vend this live product: 503, nothing debited. */
export class NoRoute extends DomainError {
  constructor(message: string) {
    super('NO_ROUTE', message);
  }
}
/** A wait as Retry-After says it: whole seconds, at least one. */
export const retryAfterSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** Routes exist but every provider on them is paused after failures: 503, with the wait in Retry-After. */
export class ProvidersPaused extends NoRoute {
  constructor(
    what: string,
    readonly retryAfterMs: number,
    afterword = '',
  ) {
    super(
      `Every provider for live ${what} is paused after repeated failures; try again in ${retryAfterSeconds(retryAfterMs)} s${afterword}`,
    );
  }
}
export class Conflict extends DomainError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}
/** Too many attempts for now: 429, with the wait the caller is told in Retry-After. */
export class TooManyAttempts extends DomainError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super('TOO_MANY_ATTEMPTS', message);
  }
}
/** The node holds as many waiting purchases as it can: 503, nothing stored, with the wait in Retry-After. */
export class Overloaded extends DomainError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super('OVERLOADED', message);
  }
}
