/** What the route table needs of a route (the console's RouteInfo has these and more). */
export interface RouteLike {
  id: number;
  product: string;
  network: string;
  upstream: string;
  priority: number;
}

const byPriority = (a: RouteLike, b: RouteLike) => a.priority - b.priority || a.id - b.id;

/**
 * Routes grouped by product and network, each group in the order it is tried, the groups in
 * the order the desk shows products (`productOrder`), a product's every-network routes before
 * its network ones.
 */
export function routeGroups<R extends RouteLike>(routes: R[], productOrder: string[]): R[][] {
  const map = new Map<string, R[]>();
  for (const r of routes) {
    const k = `${r.product}|${r.network}`;
    map.set(k, [...(map.get(k) ?? []), r]);
  }
  const rank = (p: string) => {
    const i = productOrder.indexOf(p);
    return i < 0 ? productOrder.length : i;
  };
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
