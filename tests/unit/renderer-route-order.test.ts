import { describe, expect, it } from 'vitest';
import {
  DESK_PRODUCT_ORDER,
  fallbacksOf,
  inDeskOrder,
  routeGroups,
} from '../../renderer/src/lib/route-order.js';

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

describe("an upstream's route chips", () => {
  it('follow the desk: the order of its tiles, the same as the route table', () => {
    expect(DESK_PRODUCT_ORDER).toEqual([
      'airtime',
      'data',
      'ELECTRICITY',
      'CABLE',
      'BETTING',
      'giftcard',
      'esim',
    ]);
    const tableOrder = routeGroups([
      route(1, 'esim', '', 'a', 1),
      route(2, 'BETTING', '', 'a', 1),
      route(3, 'airtime', '', 'a', 1),
    ]).map((g) => g[0].product);
    expect(tableOrder).toEqual(['airtime', 'BETTING', 'esim']);
  });

  it('are sorted by product in desk order, the every-network route before the network ones', () => {
    // The order the node lists them in: by product code, capitals first.
    const stored = [
      { product: 'BETTING', network: '' },
      { product: 'CABLE', network: '' },
      { product: 'ELECTRICITY', network: '' },
      { product: 'airtime', network: '' },
      { product: 'data', network: 'MTN' },
      { product: 'data', network: '' },
      { product: 'data', network: 'GLO' },
      { product: 'esim', network: '' },
      { product: 'giftcard', network: '' },
      { product: 'SOMETHING_NEW', network: '' },
    ];
    expect(inDeskOrder(stored).map((r) => `${r.product}${r.network ? `:${r.network}` : ''}`)).toEqual([
      'airtime',
      'data',
      'data:GLO',
      'data:MTN',
      'ELECTRICITY',
      'CABLE',
      'BETTING',
      'giftcard',
      'esim',
      'SOMETHING_NEW',
    ]);
    // The list given is left as it was.
    expect(stored[0].product).toBe('BETTING');
  });
});
