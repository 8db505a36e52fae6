import { describe, expect, it } from 'vitest';
import { searchDataPlans, type DataPlanRow } from '../../renderer/src/lib/plan-search.js';
import {
  cardValueText,
  esimDestination,
  faceValueText,
  filterEsimPlans,
  filterGiftcards,
} from '../../renderer/src/lib/catalog-filters.js';
import type { EsimItem, GiftcardItem } from '../../renderer/src/api/types.js';

const plan = (
  id: number,
  value: string,
  validity: string,
  price: string,
  name = `${value} plan`,
): DataPlanRow => ({
  id,
  plan_code: `MTN-${id}`,
  name,
  description: `${value} valid for ${validity}`,
  price,
  validity,
  value,
  group: validity === '30 days' ? 'Monthly' : 'Weekly',
  shortCode: `MTN${value}`,
});
const PLANS = [
  plan(130, '1.5GB', '30 days', '1000.00'),
  plan(230, '1GB', '7 days', '500.00'),
  plan(3, '11GB', '30 days', '3500.00'),
  plan(4, '750MB', '1 day', '200.00'),
];

describe('data plan search', () => {
  it('finds plans by size without matching a bigger number (1gb is not 11GB)', () => {
    expect(searchDataPlans(PLANS, '1gb').map((p) => p.id)).toEqual([230]);
    expect(searchDataPlans(PLANS, '1 GB').map((p) => p.id)).toEqual([230]);
  });
  it('treats "30 days" as a validity, not as any 30 and any day (MTN-230, a 7-day plan, does not match)', () => {
    expect(searchDataPlans(PLANS, '30 days').map((p) => p.id)).toEqual([130, 3]);
    expect(searchDataPlans(PLANS, 'monthly 11gb').map((p) => p.id)).toEqual([3]);
  });
  it('finds by whole-Naira price and by plan code, cheapest first', () => {
    expect(searchDataPlans(PLANS, '500').map((p) => p.id)).toEqual([230]);
    expect(searchDataPlans(PLANS, '₦3,500').map((p) => p.id)).toEqual([3]);
    expect(searchDataPlans(PLANS, 'mtn-4').map((p) => p.id)).toEqual([4]);
    expect(searchDataPlans(PLANS, '').map((p) => p.id)).toEqual([4, 230, 130, 3]);
    expect(searchDataPlans(PLANS, 'no such thing')).toEqual([]);
  });
});

describe('gift card and eSIM browsing', () => {
  const card = (
    plan_id: number,
    brand: string,
    region: string,
    currency: string,
    featured = false,
  ): GiftcardItem => ({
    plan_id,
    title: `${brand} ${currency} (${region})`,
    brand,
    region,
    ui_category: brand === 'Steam' ? 'Gaming' : 'Shopping',
    fulfillment: 'immediate',
    currency_code: currency,
    fixed_price: plan_id !== 9,
    face_value: 20,
    min_price: 10,
    max_price: 500,
    featured,
  });
  const cards = [
    card(1, 'Steam', 'US', 'USD'),
    card(2, 'Amazon', 'GB', 'GBP', true),
    card(9, 'Amazon', 'US', 'USD'),
  ];
  it('filter by brand, region, currency and category, featured first', () => {
    const none = { search: '', brand: '', region: '', currency: '', category: '' };
    expect(filterGiftcards(cards, none).map((c) => c.plan_id)).toEqual([2, 9, 1]);
    expect(filterGiftcards(cards, { ...none, brand: 'Amazon', region: 'US' }).map((c) => c.plan_id)).toEqual([
      9,
    ]);
    expect(
      filterGiftcards(cards, { ...none, currency: 'USD', category: 'Gaming' }).map((c) => c.plan_id),
    ).toEqual([1]);
    expect(filterGiftcards(cards, { ...none, search: 'amazon gbp' }).map((c) => c.plan_id)).toEqual([2]);
  });
  it('show a fixed face value or a range', () => {
    expect(faceValueText(cards[0])).toBe('USD 20');
    expect(faceValueText(cards[2])).toBe('USD 10–500');
  });
  it('show the value bought of a variable card with two decimals, as money is written', () => {
    expect(cardValueText('USD', 25.5)).toBe('USD 25.50');
    expect(cardValueText('USD', 35)).toBe('USD 35.00');
    expect(cardValueText('EUR', '10.05')).toBe('EUR 10.05');
    expect(cardValueText('USD', undefined)).toBe('USD');
  });
  it('find eSIM plans by country code, name or region', () => {
    const esim = (plan_id: string, title: string, country: string, region: string): EsimItem => ({
      plan_id,
      title,
      country,
      region,
      data_gb: 1,
      duration_days: 7,
      currency_code: 'USD',
    });
    const plans = [
      esim('A', 'United Kingdom 1GB', 'GB', 'Europe'),
      esim('B', 'Ghana 1GB', 'GH', 'Africa'),
      esim('C', 'Europe 5GB', '', 'Europe'),
    ];
    // The country whose code was typed comes first; titles holding "GB" follow.
    expect(filterEsimPlans(plans, 'gb', '').map((p) => p.plan_id)).toEqual(['A', 'C', 'B']);
    expect(filterEsimPlans(plans, 'GH', '').map((p) => p.plan_id)).toEqual(['B']);
    expect(filterEsimPlans(plans, 'kingdom', '').map((p) => p.plan_id)).toEqual(['A']);
    expect(filterEsimPlans(plans, '', 'Europe').map((p) => p.plan_id)).toEqual(['C', 'A']);
  });
  it("order a destination's eSIM plans by size as a number, then days, then price (not 10GB before 1GB)", () => {
    const esim = (
      gb: number,
      days: number,
      naira: string,
      title = `United Kingdom ${gb}GB / ${days} days`,
    ) => ({
      plan_id: `${title} ${naira}`,
      title,
      country: 'GB',
      region: 'Europe',
      data_gb: gb,
      duration_days: days,
      currency_code: 'USD',
      ngn_price: naira,
    });
    const plans: EsimItem[] = [
      esim(10, 30, '23948.00'),
      esim(1, 7, '7184.00'),
      esim(20, 30, '38316.00'),
      esim(5, 30, '15167.00'),
      esim(5, 7, '9000.00'),
      esim(5, 30, '14000.00', 'United Kingdom 5GB / 30 days Plus'),
      // A region's plan names no country, as the catalogs have it.
      { ...esim(3, 30, '11000.00', 'Europe 3GB / 30 days'), country: '' },
    ];
    const order = (search: string) =>
      filterEsimPlans(plans, search, '').map((p) => `${p.data_gb}/${p.duration_days}/${p.ngn_price}`);
    expect(order('kingdom')).toEqual([
      '1/7/7184.00',
      '5/7/9000.00',
      '5/30/14000.00',
      '5/30/15167.00',
      '10/30/23948.00',
      '20/30/38316.00',
    ]);
    // Destinations stay in name order, each one's plans together.
    expect(order('')[0]).toBe('3/30/11000.00');
    expect(order('')).toHaveLength(7);
  });
});

describe("an eSIM plan's destination", () => {
  it('names the country, or says a region plan covers several countries, with the region', () => {
    expect(esimDestination({ country: 'United Kingdom', region: 'Europe' })).toBe('United Kingdom · Europe');
    expect(esimDestination({ country: '', region: 'Africa' })).toBe('Several countries · Africa');
    expect(esimDestination({ country: 'Japan', region: '' })).toBe('Japan');
  });

  it("reads the catalog's two-letter country code as the country's name, as the gift cards do", () => {
    expect(esimDestination({ country: 'GB', region: 'Europe' })).toBe('United Kingdom · Europe');
    expect(esimDestination({ country: 'NG', region: 'Africa' })).toBe('Nigeria · Africa');
  });

  it('finds a plan by its country name when the catalog holds only the code', () => {
    const plan: EsimItem = {
      plan_id: 'UK1',
      title: 'UK 1GB / 7 days',
      country: 'GB',
      region: 'Europe',
      data_gb: 1,
      duration_days: 7,
      currency_code: 'USD',
    };
    expect(filterEsimPlans([plan], 'united kingdom', '')).toEqual([plan]);
    expect(filterEsimPlans([plan], 'gb', '')).toEqual([plan]);
  });
});
