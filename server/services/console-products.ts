import type { Caller, Services } from './context.js';
import { BILL_NETWORKS, isBillProduct, SOLD_PRODUCTS, TELCOS } from '../domain/networks.js';
import { Forbidden } from '../domain/errors.js';
import { koboToApiNaira } from '../../common/money.js';

/** The seven things the console sells, by the route product the node knows them as. */
export const CONSOLE_PRODUCTS = SOLD_PRODUCTS;
export type ConsoleProduct = (typeof CONSOLE_PRODUCTS)[number];

const NAMES: Record<ConsoleProduct, string> = {
  airtime: 'airtime',
  data: 'data',
  ELECTRICITY: 'electricity',
  CABLE: 'cable TV',
  BETTING: 'betting',
  giftcard: 'gift cards',
  esim: 'eSIMs',
};

export interface ProductAvailability {
  product: ConsoleProduct;
  available: boolean;
  /** Why it cannot be sold, written for the agent at the desk; empty when available. */
  reason: string;
  /** What an admin does about it: a console page and the words of the link. */
  fix: { to: string; label: string } | null;
  /**
   * The networks (telcos, billers) it can be sold for in live when only some are routed, in
   * the spelling a sale sends; null when any can be.
   */
  networks: string[] | null;
}

/** The networks a live product is routed for, named as a sale names them; null when any is. */
function routedNetworks(s: Services, product: ConsoleProduct): string[] | null {
  const routed = s.router.liveNetworks(product);
  if (routed === null) return null;
  const known: readonly string[] =
    product === 'airtime' || product === 'data'
      ? TELCOS
      : isBillProduct(product)
        ? BILL_NETWORKS[product]
        : [];
  // Only the products sold by network are narrowed; a route's network is read in any case.
  if (known.length === 0) return null;
  return known.filter((n) => routed.some((r) => r.toLowerCase() === n.toLowerCase()));
}

/**
 * Whether the desk can sell a product in the caller's environment, and why not: test always
 * sells through the simulator; live needs the bill product enabled for the merchant and an
 * enabled upstream routed for it. The tiles and the sell/verify routes use this one rule, so
 * an agent learns it before typing anything rather than at verify or the pay button.
 */
export function productAvailability(
  s: Services,
  caller: Caller,
  product: ConsoleProduct,
): ProductAvailability {
  const ok = { product, available: true, reason: '', fix: null, networks: null };
  if (caller.environment === 'test') return ok;
  const name = NAMES[product];
  if (isBillProduct(product) && !caller.merchant.liveBills.includes(product)) {
    return {
      product,
      available: false,
      reason: `Live ${name} is not enabled for ${caller.merchant.name}; an admin can enable it.`,
      fix: {
        to: `/admin/merchants/${encodeURIComponent(caller.merchant.code)}`,
        label: `Enable live ${name}`,
      },
      networks: null,
    };
  }
  if (!s.router.hasLiveRoute(product)) {
    return {
      product,
      available: false,
      reason: `No provider is set up to sell ${name} in live; an admin can add one.`,
      fix: { to: '/admin/upstreams', label: 'Set up a provider' },
      networks: null,
    };
  }
  return { ...ok, networks: routedNetworks(s, product) };
}

export const productsAvailability = (s: Services, caller: Caller): ProductAvailability[] =>
  CONSOLE_PRODUCTS.map((p) => productAvailability(s, caller, p));

/** Refuses a console sale or verify of a product the desk cannot sell, with the tile's reason. */
export function assertConsoleProductAvailable(s: Services, caller: Caller, product: string): void {
  if (!(CONSOLE_PRODUCTS as readonly string[]).includes(product)) return;
  const a = productAvailability(s, caller, product as ConsoleProduct);
  if (!a.available) throw new Forbidden(a.reason.replace(/\.$/, ''));
}

/** The airtime amounts the node accepts now (the `limits` setting), for the desk to check first. */
export function airtimeLimits(s: Services): { min_amount: string; max_amount: string } {
  const { airtimeMinKobo, airtimeMaxKobo } = s.catalog.get().limits;
  return { min_amount: koboToApiNaira(airtimeMinKobo), max_amount: koboToApiNaira(airtimeMaxKobo) };
}
