import { Conflict, InvalidInput } from './errors.js';

/** The merchant a console user is to be moved to, as the store finds it by its code. */
export interface MoveTarget {
  id: number;
  code: string;
  status: 'active' | 'suspended';
}

/**
 * Whether moving a console user to the merchant named `code` changes anything. The merchant the
 * user already sells for is no change (a suspended one too, so a save of the user's other
 * fields goes through); another active merchant is a move. An unknown code is a wrong field
 * (400, as any other field of the user's form), and a suspended merchant a conflict with its
 * state (409): every sale for it is refused, so nobody may be sent to sell for it.
 */
export function merchantMove(
  code: string,
  target: MoveTarget | null,
  currentMerchantId: number,
): 'unchanged' | 'move' {
  if (!target) throw new InvalidInput(`merchant ${code} not found`, 'merchant_code');
  if (target.id === currentMerchantId) return 'unchanged';
  if (target.status !== 'active')
    throw new Conflict(
      `merchant ${target.code} is suspended: nobody can sell for it; reactivate it on its Merchants page first, or choose another merchant`,
    );
  return 'move';
}
