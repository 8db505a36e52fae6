import { describe, expect, it } from 'vitest';
import {
  ESIM_REDEMPTION_PRODUCT,
  PRODUCT_NAMES,
  SOLD_PRODUCTS,
  compareProducts,
  productCategoryName,
  productSaleName,
  reportProductName,
} from '../../common/products.js';
import { EXCEPTION_KINDS } from '../../common/reconciliation-kinds.js';
import {
  PRODUCT_TILES,
  TILE_PRODUCT,
  ledgerText,
  productName,
  productNameInText,
} from '../../renderer/src/lib/products.js';
import { BILL_TEXT } from '../../renderer/src/lib/bills.js';
import { EXCEPTION_KIND_LABEL } from '../../renderer/src/lib/reconciliation-text.js';
import { EXCEPTION_KIND_WORDS } from '../../server/reports/reconciliation-run.js';

// The records are typed over SOLD_PRODUCTS and EXCEPTION_KINDS, so a missing entry fails the
// type check; these walk the runtime lists, so an entry read by a wrong key or left empty fails too.
describe('product order, one for the dashboard, cash-ups and reports', () => {
  it("puts products in the tiles' order, a redemption after eSIM orders, anything else last", () => {
    const codes = ['other', 'BETTING', ESIM_REDEMPTION_PRODUCT, 'CABLE', 'ELECTRICITY', 'airtime', 'esim'];
    expect(codes.sort(compareProducts)).toEqual([
      'airtime',
      'ELECTRICITY',
      'CABLE',
      'BETTING',
      'esim',
      ESIM_REDEMPTION_PRODUCT,
      'other',
    ]);
    expect(PRODUCT_TILES.map((t) => TILE_PRODUCT[t.id]).sort(compareProducts)).toEqual(
      PRODUCT_TILES.map((t) => TILE_PRODUCT[t.id]),
    );
  });
});

describe('product names, one set for the console and the reports', () => {
  it("reads a sale's product inside a sentence in lower case, brand-like names as they are spelled", () => {
    // The button after a sale, "Another … sale", for each of the seven and a redemption into an eSIM.
    const inText = Object.fromEntries(SOLD_PRODUCTS.map((p) => [p, productNameInText(p, p)]));
    expect(inText).toEqual({
      airtime: 'airtime',
      data: 'data',
      ELECTRICITY: 'electricity',
      CABLE: 'Cable TV',
      BETTING: 'betting',
      giftcard: 'gift card',
      esim: 'eSIM',
    });
    expect(productNameInText('airtime', 'transaction')).toBe('airtime');
    expect(productNameInText('ESIM', 'transaction')).toBe('eSIM');
    // A code the console has no name for stays as the node wrote it.
    expect(productNameInText('SOMETHING_NEW', 'transaction')).toBe('SOMETHING_NEW');
  });

  it('names every sold product, for one sale and as a whole, in words of its own', () => {
    expect(SOLD_PRODUCTS).toHaveLength(7);
    for (const p of SOLD_PRODUCTS) {
      const { sale, category } = PRODUCT_NAMES[p];
      expect(sale, p).toMatch(/^[A-Za-z][A-Za-z ]+$/);
      expect(category, p).toMatch(/^[A-Za-z][A-Za-z ]+$/);
      expect(productSaleName(p)).toBe(sale);
      expect(productCategoryName(p)).toBe(category);
    }
    const categories = SOLD_PRODUCTS.map((p) => PRODUCT_NAMES[p].category);
    expect(new Set(categories).size).toBe(categories.length);
  });

  it('says "Gift card" for one sale and "Gift cards" for the product, and eSIM alike on every page', () => {
    expect(productName('giftcard', 'giftcard')).toBe('Gift card');
    expect(productName('esim', 'esim')).toBe('eSIM');
    // A gift card redeemed into an eSIM is a transaction with product ESIM.
    expect(productName('ESIM', 'transaction')).toBe('eSIM');
    expect(productName('CABLE', 'transaction')).toBe('Cable TV');
    expect(productCategoryName('giftcard')).toBe('Gift cards');
    expect(productCategoryName('esim')).toBe('eSIM');
    // The e-mailed report names products as the console's summary of the same report does.
    expect(reportProductName('giftcard')).toBe('Gift cards');
    expect(reportProductName('esim')).toBe('eSIM');
    expect(reportProductName('ESIM')).toBe('eSIM (gift-card redemption)');
  });

  it('keeps a code it does not know as it is', () => {
    expect(productName('LOTTERY')).toBe('LOTTERY');
    expect(productCategoryName('LOTTERY')).toBe('LOTTERY');
    expect(reportProductName('LOTTERY')).toBe('LOTTERY');
  });

  it('names the sell tiles and bill forms as the admin pages name the products', () => {
    expect(PRODUCT_TILES.map((t) => t.label)).toEqual([
      'Airtime',
      'Data',
      'Electricity',
      'Cable TV',
      'Betting',
      'Gift cards',
      'eSIM',
    ]);
    for (const t of PRODUCT_TILES) expect(t.label).toBe(productCategoryName(TILE_PRODUCT[t.id]));
    for (const [p, text] of Object.entries(BILL_TEXT)) expect(text.title).toBe(productCategoryName(p));
  });

  it('writes a ledger line of a sale with the sale name of its product', () => {
    const ref = '01a20f74-5f56-7641-8c02-2902f4d1aa53';
    expect(ledgerText(`giftcard ${ref}`)).toBe('Gift card · F4D1AA53');
    expect(ledgerText(`ESIM ${ref}`)).toBe('eSIM · F4D1AA53');
  });
});

describe('reconciliation exception kinds in words', () => {
  it('has words on the console and in the e-mail for every kind the node finds', () => {
    expect(EXCEPTION_KINDS.length).toBeGreaterThan(5);
    for (const kind of EXCEPTION_KINDS) {
      expect(EXCEPTION_KIND_LABEL[kind], kind).toMatch(/^[A-Z]/);
      expect(EXCEPTION_KIND_WORDS[kind], kind).toMatch(/^[a-z]/);
      expect(EXCEPTION_KIND_LABEL[kind]).not.toContain('_');
      expect(EXCEPTION_KIND_WORDS[kind]).not.toContain('_');
    }
    expect(Object.keys(EXCEPTION_KIND_LABEL).sort()).toEqual([...EXCEPTION_KINDS].sort());
    expect(Object.keys(EXCEPTION_KIND_WORDS).sort()).toEqual([...EXCEPTION_KINDS].sort());
    expect(new Set(Object.values(EXCEPTION_KIND_LABEL)).size).toBe(EXCEPTION_KINDS.length);
    expect(new Set(Object.values(EXCEPTION_KIND_WORDS)).size).toBe(EXCEPTION_KINDS.length);
  });
});
