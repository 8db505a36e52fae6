import { describe, expect, it } from 'vitest';
import { fallbacksOf, routeGroups } from '../../renderer/src/lib/route-order.js';

const route = (id: number, product: string, network: string, upstream: string, priority: number) => ({
  id,
  product,
  network,
  upstream,
  priority,
});

describe('the route table', () => {
  const routes = [
    route(1, 'BETTING', '', 'a', 1),
    route(2, 'data', 'MTN', 'dead-c', 1),
    route(3, 'data', '', 'node-b', 2),
    route(4, 'data', '', 'a', 1),
    route(5, 'airtime', '', 'a', 1),
  ];

  it('lists products in the desk order, every-network routes before a network, each by priority', () => {
    const groups = routeGroups(routes, ['airtime', 'data', 'ELECTRICITY', 'CABLE', 'BETTING']);
    expect(
      groups.map((g) => `${g[0].product}|${g[0].network}:${g.map((r) => r.upstream).join('>')}`),
    ).toEqual(['airtime|:a', 'data|:a>node-b', 'data|MTN:dead-c', 'BETTING|:a']);
  });

  it("shows a network row's fallbacks: the product's every-network routes, in their order, not repeated", () => {
    expect(fallbacksOf([routes[1]], routes)).toEqual(['a', 'node-b']);
    expect(fallbacksOf([routes[1], route(6, 'data', 'MTN', 'a', 2)], routes)).toEqual(['node-b']);
    expect(fallbacksOf([routes[4]], routes)).toEqual([]);
  });
});
