import { PRODUCT_TILES, TILE_PRODUCT } from './products.js';

/** What the route table needs of a route (the console's RouteInfo has these and more). */
export interface RouteLike {
  id: number;
  product: string;
  network: string;
  upstream: string;
  priority: number;
}

const byPriority = (a: RouteLike, b: RouteLike) => a.priority - b.priority || a.id - b.id;

/** Route products in the order the desk shows its tiles: the admin lists routes in this order too. */
export const DESK_PRODUCT_ORDER: readonly string[] = PRODUCT_TILES.map((t) => TILE_PRODUCT[t.id]);

/** A product's place in `order`; one the order does not know goes last. */
function rankIn(order: readonly string[], product: string): number {
  const i = order.indexOf(product);
  return i < 0 ? order.length : i;
}

/**
 * Routes in the desk's product order, a product's every-network route before its network ones
 * (by network): an upstream's route chips read like the Route order table.
 */
export function inDeskOrder<R extends { product: string; network: string }>(routes: readonly R[]): R[] {
  return [...routes].sort(
    (a, b) =>
      rankIn(DESK_PRODUCT_ORDER, a.product) - rankIn(DESK_PRODUCT_ORDER, b.product) ||
      a.network.localeCompare(b.network),
  );
}

/**
 * Routes grouped by product and network, each group in the order it is tried, the groups in
 * the order the desk shows products (`productOrder`), a product's every-network routes before
 * its network ones.
 */
export function routeGroups<R extends RouteLike>(
  routes: R[],
  productOrder: readonly string[] = DESK_PRODUCT_ORDER,
): R[][] {
  const map = new Map<string, R[]>();
  for (const r of routes) {
    const k = `${r.product}|${r.network}`;
    map.set(k, [...(map.get(k) ?? []), r]);
  }
  const rank = (p: string) => rankIn(productOrder, p);
  return [...map.values()]
    .map((list) => list.sort(byPriority))
    .sort((a, b) => rank(a[0].product) - rank(b[0].product) || a[0].network.localeCompare(b[0].network));
}

/**
 * A network's own routes are tried first, then the product's routes for every network
 * (server/routing/upstream-router.ts `candidates`): those, after a network group's own, make
 * "in order tried" the whole order.
 */
export function fallbacksOf(group: RouteLike[], routes: RouteLike[]): string[] {
  if (!group[0]?.network) return [];
  const own = new Set(group.map((r) => r.upstream));
  return routes
    .filter((r) => r.product === group[0].product && !r.network && !own.has(r.upstream))
    .sort(byPriority)
    .map((r) => r.upstream);
}
