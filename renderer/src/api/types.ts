/**
 * Shapes of the /console API answers, taken from the types generated from the node's response
 * schemas (console-api.generated.ts, `npm run gen:api-types`); the names are the stores' own.
 */
import type { paths } from './console-api.generated.js';
import type { Method, RequestBody, Route } from './routes.js';

type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;
/** The JSON answer of a console route for a status (200 unless said). */
export type Answer<P extends Route, M extends Method, S extends number = 200> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? Json<R[S]>
    : never
  : never;

/**
 * The JSON body a console route takes, from the node's request schemas: a store that sends one
 * fails its type check when the node's schema changes under it.
 */
export type Body<P extends Route, M extends Exclude<Method, 'get'>> = RequestBody<P, M>;

export type SessionInfo = Answer<'/console/session', 'get'>;
export type NodeStatus = Answer<'/console/status', 'get'>;
export type Environment = SessionInfo['environment'];
export type Role = SessionInfo['user']['role'];
export type Sale = Answer<'/console/purchases/{ref}', 'get'>;
export type GiftCardCode = Answer<'/console/purchases/{ref}/reveal', 'post'>['cards'][number];
export type BillPlanRow = Answer<'/console/plans/bills/{product}', 'get'>['plans'][number];
export type VerifiedCustomer = Answer<'/console/verify', 'post'>['customer'];
export type WalletInfo = Answer<'/console/wallets', 'get'>['wallets'][number];
export type LedgerEntry = Answer<'/console/wallets/{env}/ledger', 'get'>['entries'][number];
export type GiftcardItem = Answer<'/console/giftcards', 'get'>['cards'][number];
export type GiftcardQuote = Answer<'/console/giftcards/{plan_id}/quote', 'get'>;
export type EsimItem = Answer<'/console/esim', 'get'>['plans'][number];
/** Whether the desk can sell a product in the session's environment, and why not. */
export type ProductAvailability = Answer<'/console/products', 'get'>['products'][number];
