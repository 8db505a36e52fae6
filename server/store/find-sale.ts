import { prep, type Db } from './db.js';
import { getPurchaseByReference, type Purchase } from './purchases.js';
import { Conflict, NotFound } from '../domain/errors.js';

/** The sale a reference names: our internal reference first, then the merchant's request id. */
export function findSale(db: Db, reference: string, merchantId?: number): Purchase {
  const ref = reference.trim();
  const own = getPurchaseByReference(db, ref);
  if (own && (merchantId === undefined || own.merchantId === merchantId)) return own;
  const ids = (
    merchantId === undefined
      ? prep(db, 'SELECT id FROM purchases WHERE idem_key = ? LIMIT 2').all(ref)
      : prep(db, 'SELECT id FROM purchases WHERE idem_key = ? AND merchant_id = ? LIMIT 2').all(
          ref,
          merchantId,
        )
  ) as { id: number }[];
  if (ids.length > 1)
    throw new Conflict(`request id ${ref} names more than one purchase: use the internal reference`);
  const byKey = ids[0]
    ? prep(db, 'SELECT internal_reference FROM purchases WHERE id = ?').pluck().get(ids[0].id)
    : null;
  const p = typeof byKey === 'string' ? getPurchaseByReference(db, byKey) : null;
  if (!p) throw new NotFound(`no purchase with internal reference or request id ${ref}`);
  return p;
}
