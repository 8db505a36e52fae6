import type { Services, Caller } from './context.js';
import { DuplicateRequest, InvalidInput, NoRoute, ProvidersPaused } from '../domain/errors.js';
import { getPurchaseByKey, type NewPurchase, type Purchase } from '../store/purchases.js';
import { writtenRow } from '../store/rows.js';

export const MAX_KEY_LENGTH = 100;

/** What a key may hold; it is compared exactly, never trimmed (server/http/trim-fields.ts). */
const KEY_CHARACTERS = /^[\x21-\x7e]+$/;
const keyCharactersWords = (field: string) => `${field} must be printable ASCII without spaces`;

export function parseIdempotencyKey(value: unknown, field: string, max = MAX_KEY_LENGTH): string {
  if (typeof value !== 'string' || value.trim() === '') throw new InvalidInput(`${field} is required`, field);
  if (value.length > max) throw new InvalidInput(`${field} must be at most ${max} characters`, field);
  if (!KEY_CHARACTERS.test(value)) throw new InvalidInput(keyCharactersWords(field), field);
  return value;
}

/**
 * A lookup by a key no create accepts ("demo-1 ", with its space) is the create's 400, not a
 * 404: "no such purchase" could read as safe to buy again under a new key, while the purchase
 * the client meant may well exist under the key without the space.
 */
export function assertLookupKeyShape(value: string, field: string): void {
  if (value !== '' && !KEY_CHARACTERS.test(value)) throw new InvalidInput(keyCharactersWords(field), field);
}

/** What differs between transactions, gift-card orders and eSIM orders; the lifecycle is placePurchase's. */
export interface PurchaseKind {
  keyField: 'client_request_id' | 'request_id';
  maxKeyLength?: number;
  /** The rest of the body into a new purchase, once the key is known to be unused. Nothing is stored. */
  validate: () => Promise<NewPurchase> | NewPurchase;
  /** none: answer at once (02); final: wait for success or failed; first: wait for the upstream's first answer. */
  wait: (input: NewPurchase) => 'none' | 'final' | 'first';
  /** The 503 when a live purchase has no provider. */
  noRouteMessage: (input: NewPurchase) => string;
  /**
   * True when judging this body asks nothing of an upstream (airtime, data): the used key is
   * then found by the store's unique index as the purchase goes in, and on the error path,
   * instead of by a read before every sale. Otherwise (bills verify the customer with the
   * biller) the key is read first, so a retry never reaches the upstream again.
   */
  judgedLocally?: (body: Record<string, unknown>) => boolean;
}

export interface PlaceOptions {
  /** The route schema's validation failure, held back so a used key answers 422 before it. */
  schemaError?: unknown;
  /** Checks of the console (stock, the agent's daily limit) that come after the key. */
  checks?: () => void;
}

/**
 * Places a purchase (DESIGN "Purchase lifecycle"): a used idempotency key answers 422 whatever
 * the retry carries, before anything else in the body is judged; then the body is validated,
 * one commit stores the purchase, debits the wallet and queues the vend, and the worker vends
 * it. The store's unique index on the key decides under the write lock, so concurrent first
 * uses still get exactly one winner. A body judged without an upstream skips the read before
 * it (a new key, the common case, is then looked up once, by the insert): any refusal on the
 * way in is checked against the key then, so a used key still answers 422 first.
 */
export async function placePurchase(
  s: Services,
  caller: Caller,
  body: unknown,
  kind: PurchaseKind,
  opts: PlaceOptions = {},
): Promise<{ purchase: Purchase; waited: boolean }> {
  const key = wellFormedKey(body, kind);
  const readKeyFirst = key !== null && !kind.judgedLocally?.(body as Record<string, unknown>);
  if (readKeyFirst) assertKeyUnused(s, caller, key);
  const usedKeyFirst = (error: unknown): never => {
    if (key !== null && !readKeyFirst && !(error instanceof DuplicateRequest))
      assertKeyUnused(s, caller, key);
    throw error;
  };
  let input: NewPurchase;
  let wait: ReturnType<PurchaseKind['wait']>;
  try {
    if (opts.schemaError) throw opts.schemaError;
    opts.checks?.();
    input = await kind.validate();
    if (
      caller.environment === 'live' &&
      s.router.available('live', input.kind, input.product, input.network).length === 0
    ) {
      const pausedMs = s.router.pausedFor('live', input.kind, input.product, input.network);
      if (pausedMs !== null) throw new ProvidersPaused(pausedWhat(input), pausedMs, '. Nothing was charged');
      throw new NoRoute(kind.noRouteMessage(input));
    }
    wait = kind.wait(input);
    // Refused here, before the commit, when the node already holds all the waits it can.
    if (wait !== 'none') s.waiting.enter();
  } catch (error) {
    return usedKeyFirst(error);
  }
  if (wait === 'none') {
    const purchase = await s.purchases.place(input).catch(usedKeyFirst);
    s.worker.enqueue(purchase.id, purchase);
    return { purchase, waited: false };
  }
  try {
    const purchase = await s.purchases.place(input).catch(usedKeyFirst);
    // Registered before the vend starts, so its answer cannot be missed.
    const answered = s.worker.whenAnswered(purchase.id, s.config.syncTimeoutMs, wait);
    s.worker.enqueue(purchase.id, purchase);
    await answered;
    return {
      purchase: writtenRow(s.purchases.purchase(purchase.id), 'purchase', purchase.internalReference),
      waited: true,
    };
  } finally {
    s.waiting.leave();
  }
}

function assertKeyUnused(s: Services, caller: Caller, key: string): void {
  const used = getPurchaseByKey(s.db, caller.merchant.id, caller.environment, key);
  if (used) throw new DuplicateRequest(key, used.kind);
}

/** The body's key when it is well formed; otherwise null and validation reports it in its turn. */
function wellFormedKey(body: unknown, kind: PurchaseKind): string | null {
  if (typeof body !== 'object' || body === null) return null;
  try {
    return parseIdempotencyKey(
      (body as Record<string, unknown>)[kind.keyField],
      kind.keyField,
      kind.maxKeyLength,
    );
  } catch {
    return null;
  }
}

/** What a paused sale was for, in the refusal: not "none configured", which misleads. */
function pausedWhat(input: NewPurchase): string {
  if (input.kind === 'giftcard') return 'gift cards';
  if (input.kind === 'esim') return 'eSIMs';
  return `${input.product} ${input.network}`.trim();
}
