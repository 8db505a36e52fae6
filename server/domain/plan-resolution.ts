import { InvalidInput } from './errors.js';
import type { Telco } from './networks.js';

/** The fields of a data plan the resolution rules need. */
export interface DataPlanRef {
  id: number;
  network: string;
  plan_code: string;
  tarrif_type_id: string;
  short_code: string;
  product_id: string | null;
  active: number;
}

export interface BillPlanRef {
  id: number;
  network: string;
  product: string;
  active: number;
}

/**
 * Resolves what a merchant sent as a data `plan_code` to one catalog plan of `network`.
 * New integrations send the prefixed code (MTN-101); legacy forms still resolve (spec
 * "Plan catalogs"): mtn a bare tariff type id (bare numbers are never catalog ids there),
 * glo a catalog id or product id, airtel a catalog id or tariff type id, 9mobile a catalog
 * id or plan code; any network's shortCode.
 */
export function resolveDataPlan<P extends DataPlanRef>(
  all: readonly P[],
  network: Telco,
  sent: string,
  field = 'plan_code',
): P {
  const ref = sent.trim();
  if (!ref) throw new InvalidInput(`${field} is required for data`, field);
  const upper = ref.toUpperCase();
  const byCode = all.find((p) => p.plan_code.toUpperCase() === upper || p.short_code.toUpperCase() === upper);
  if (byCode) return checkPlan(byCode, network, sent, field);
  const mine = all.filter((p) => p.network === network);
  const isNumber = /^\d+$/.test(ref);
  let found: P | undefined;
  switch (network) {
    case 'MTN':
      found = isNumber ? mine.find((p) => p.tarrif_type_id === ref) : undefined;
      break;
    case 'GLO':
      found = mine.find((p) => (isNumber && String(p.id) === ref) || p.product_id?.toUpperCase() === upper);
      break;
    case 'AIRTEL':
      found = isNumber
        ? (mine.find((p) => String(p.id) === ref) ?? mine.find((p) => p.tarrif_type_id === ref))
        : undefined;
      break;
    case '9MOBILE':
      found = isNumber ? mine.find((p) => String(p.id) === ref) : undefined;
      break;
  }
  if (!found)
    throw new InvalidInput(
      `${field} "${sent}" is not a ${network} data plan; see GET /v1/plans/${network.toLowerCase()}`,
      field,
    );
  return checkPlan(found, network, sent, field);
}

function checkPlan<P extends DataPlanRef>(plan: P, network: Telco, sent: string, field: string): P {
  if (plan.network !== network) {
    throw new InvalidInput(`${field} "${sent}" belongs to ${plan.network}, not ${network}`, field);
  }
  if (!plan.active) throw new InvalidInput(`${field} "${sent}" is not available at the moment`, field);
  return plan;
}

/** A bill plan_code is the integer catalog id of a plan of that product and network/platform. */
export function resolveBillPlan<P extends BillPlanRef>(
  all: readonly P[],
  product: string,
  network: string,
  sent: unknown,
  field = 'plan_code',
): P {
  if (sent === undefined || sent === null)
    throw new InvalidInput(`${field} is required for ${product}`, field);
  if (typeof sent !== 'string' && typeof sent !== 'number')
    throw new InvalidInput(
      `${field} must be a plan id (a string or an integer) from GET /v1/plans/bills/${product.toLowerCase()}`,
      field,
    );
  const ref = String(sent).trim();
  if (!/^\d+$/.test(ref))
    throw new InvalidInput(
      `${field} must be a plan id from GET /v1/plans/bills/${product.toLowerCase()}`,
      field,
    );
  const plan = all.find((p) => String(p.id) === ref);
  if (!plan || plan.product !== product) {
    throw new InvalidInput(
      `${field} ${ref} is not ${/^[AEIOU]/i.test(product) ? 'an' : 'a'} ${product} plan; see GET /v1/plans/bills/${product.toLowerCase()}`,
      field,
    );
  }
  if (plan.network !== network)
    throw new InvalidInput(`${field} ${ref} belongs to ${plan.network}, not ${network}`, field);
  if (!plan.active) throw new InvalidInput(`${field} ${ref} is not available at the moment`, field);
  return plan;
}
