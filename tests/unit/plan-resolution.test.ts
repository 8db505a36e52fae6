import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  resolveBillPlan,
  resolveDataPlan,
  type BillPlanRef,
  type DataPlanRef,
} from '../../server/domain/plan-resolution.js';
import { InvalidInput } from '../../server/domain/errors.js';
import type { Telco } from '../../server/domain/networks.js';

// The shipped default catalogs: the rules are proven against the plans merchants really see.
const catalog = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../resources/catalog/${file}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >[];
const DATA: DataPlanRef[] = catalog('data-plans.json').map((p) => ({
  id: p.id as number,
  network: p.network as string,
  plan_code: p.plan_code as string,
  tarrif_type_id: p.tarrifTypeId as string,
  short_code: p.shortCode as string,
  product_id: (p.product_id as string | undefined) ?? null,
  active: 1,
}));
const BILLS: BillPlanRef[] = catalog('bill-plans.json').map((p) => ({
  id: p.id as number,
  network: p.network as string,
  product: p.product as string,
  active: 1,
}));

const plan = (code: string) => DATA.find((p) => p.plan_code === code)!;
function refusal(call: () => unknown): InvalidInput {
  try {
    call();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidInput);
    return e as InvalidInput;
  }
  throw new Error('expected an InvalidInput');
}

describe('data plan_code: the prefixed code from the plan list', () => {
  it.each(['MTN-101', 'GLO-105', 'AIRTEL-137', '9MOBILE-127'])('%s resolves to its own plan', (code) => {
    const network = code.split('-')[0] as Telco;
    expect(resolveDataPlan(DATA, network, code)).toBe(plan(code));
  });
  it('is case-insensitive and ignores surrounding blanks', () => {
    expect(resolveDataPlan(DATA, 'MTN', ' mtn-101 ')).toBe(plan('MTN-101'));
  });
  it.each([
    ['MTN', 'GLO-101'],
    ['GLO', 'MTN-101'],
    ['AIRTEL', '9MOBILE-101'],
    ['9MOBILE', 'AIRTEL101MB'],
  ] as const)('on %s, the plan %s of another network is refused naming plan_code', (network, code) => {
    expect(refusal(() => resolveDataPlan(DATA, network, code)).field).toBe('plan_code');
  });
  it.each(['MTN-999', 'MTN-', 'nonsense', ''])('unknown %j is refused', (code) => {
    expect(refusal(() => resolveDataPlan(DATA, 'MTN', code)).field).toBe('plan_code');
  });
  it('refuses a plan taken out of sale', () => {
    const inactive = DATA.map((p) => (p.plan_code === 'MTN-101' ? { ...p, active: 0 } : p));
    expect(refusal(() => resolveDataPlan(inactive, 'MTN', 'MTN-101')).message).toMatch(/not available/);
    expect(refusal(() => resolveDataPlan(inactive, 'MTN', '42')).message).toMatch(/not available/);
  });
});

describe('legacy data plan forms resolve to the same plan (spec "Plan catalogs")', () => {
  // One plan per network, reached through every form the spec keeps accepting.
  const cases: [Telco, string, string[]][] = [
    ['MTN', 'MTN-101', ['42', 'MTN75MB1D', 'mtn75mb1d']],
    ['GLO', 'GLO-101', ['2001', 'DATA-11', 'data-11', 'GLO45MB1D']],
    ['AIRTEL', 'AIRTEL-101', ['3001', '405', 'AIRTEL75MB1D']],
    ['9MOBILE', '9MOBILE-101', ['4001', '9MOB100MB1D']],
  ];
  for (const [network, code, forms] of cases) {
    it.each(forms)(`${network}: %s resolves to ${code}`, (form) => {
      expect(resolveDataPlan(DATA, network, form)).toBe(plan(code));
    });
  }
  it('every plan of every network resolves by its shortCode', () => {
    for (const p of DATA) expect(resolveDataPlan(DATA, p.network as Telco, p.short_code)).toBe(p);
  });
  it('every mtn plan resolves by its bare tariff id', () => {
    for (const p of DATA.filter((d) => d.network === 'MTN'))
      expect(resolveDataPlan(DATA, 'MTN', p.tarrif_type_id)).toBe(p);
  });
  it('every glo plan resolves by its catalog id and its product id', () => {
    for (const p of DATA.filter((d) => d.network === 'GLO')) {
      expect(resolveDataPlan(DATA, 'GLO', String(p.id))).toBe(p);
      expect(resolveDataPlan(DATA, 'GLO', p.product_id!)).toBe(p);
    }
  });
  it('every airtel plan resolves by its catalog id and its tariff id', () => {
    for (const p of DATA.filter((d) => d.network === 'AIRTEL')) {
      expect(resolveDataPlan(DATA, 'AIRTEL', String(p.id))).toBe(p);
      expect(resolveDataPlan(DATA, 'AIRTEL', p.tarrif_type_id)).toBe(p);
    }
  });
  it('every 9mobile plan resolves by its catalog id', () => {
    for (const p of DATA.filter((d) => d.network === '9MOBILE'))
      expect(resolveDataPlan(DATA, '9MOBILE', String(p.id))).toBe(p);
  });
  it('on mtn a bare number is a tariff id, never a catalog id', () => {
    expect(refusal(() => resolveDataPlan(DATA, 'MTN', '1001')).field).toBe('plan_code');
  });
  it('glo does not take tariff ids; 9mobile does not take tariff ids', () => {
    expect(refusal(() => resolveDataPlan(DATA, 'GLO', '211')).field).toBe('plan_code');
    expect(refusal(() => resolveDataPlan(DATA, '9MOBILE', '603')).field).toBe('plan_code');
  });
  it("a legacy id is looked up within the request's network only", () => {
    // 2001 is a glo catalog id; on airtel it names nothing.
    expect(refusal(() => resolveDataPlan(DATA, 'AIRTEL', '2001')).field).toBe('plan_code');
    // 405 is an airtel tariff id; on mtn it names nothing.
    expect(refusal(() => resolveDataPlan(DATA, 'MTN', '405')).field).toBe('plan_code');
    // A glo product id sent on mtn is refused.
    expect(refusal(() => resolveDataPlan(DATA, 'MTN', 'DATA-11')).field).toBe('plan_code');
  });
});

describe('bill plan_code: a catalog plan id of the same product and network/platform', () => {
  it.each([
    ['ELECTRICITY', 'EKEDC', '103'],
    ['ELECTRICITY', 'Ikeja Electric', '102'],
    ['CABLE', 'DSTV', '204'],
    ['CABLE', 'STARTIMES', '229'],
    ['BETTING', 'BET9JA', '301'],
  ])('%s %s accepts plan %s', (product, network, id) => {
    expect(resolveBillPlan(BILLS, product, network, id).id).toBe(Number(id));
  });
  it('accepts the integer id as a JSON number too', () => {
    expect(resolveBillPlan(BILLS, 'CABLE', 'GOTV', 218).id).toBe(218);
  });
  it.each([
    ['BETTING', 'BET9JA', '302', /belongs to SPORTYBET/],
    ['CABLE', 'DSTV', '218', /belongs to GOTV/],
    ['ELECTRICITY', 'EKEDC', '101', /belongs to Ikeja Electric/],
    ['ELECTRICITY', 'EKEDC', '204', /not an ELECTRICITY plan/],
    ['CABLE', 'DSTV', '9999', /not a CABLE plan/],
    ['CABLE', 'DSTV', 'DSTV-COMPACT', /plan id/],
    ['CABLE', 'DSTV', '', /plan id/],
  ])('%s %s refuses %j', (product, network, id, message) => {
    const e = refusal(() => resolveBillPlan(BILLS, product, network, id));
    expect(e.field).toBe('plan_code');
    expect(e.message).toMatch(message);
  });
  it.each([undefined, null])('a missing plan_code (%j) is required', (sent) => {
    expect(refusal(() => resolveBillPlan(BILLS, 'CABLE', 'DSTV', sent)).message).toMatch(
      /plan_code is required for CABLE/,
    );
  });
  it.each([{}, true, [204]])('a plan_code of another type (%j) is refused saying what to send', (sent) => {
    expect(refusal(() => resolveBillPlan(BILLS, 'CABLE', 'DSTV', sent)).message).toBe(
      'plan_code must be a plan id (a string or an integer) from GET /v1/plans/bills/cable',
    );
  });
  it('names the field the caller used (service_id on verify, plan on the internal API)', () => {
    expect(refusal(() => resolveBillPlan(BILLS, 'CABLE', 'DSTV', 'x', 'service_id')).field).toBe(
      'service_id',
    );
  });
  it('refuses a plan taken out of sale', () => {
    const inactive = BILLS.map((p) => (p.id === 204 ? { ...p, active: 0 } : p));
    expect(refusal(() => resolveBillPlan(inactive, 'CABLE', 'DSTV', '204')).message).toMatch(/not available/);
  });
});

describe('the field a refusal names follows the caller (plan on the internal API)', () => {
  it('names plan when told to', () => {
    const e = refusal(() => resolveDataPlan(DATA, 'MTN', 'GLO-101', 'plan'));
    expect(e.field).toBe('plan');
    expect(e.message).toMatch(/^plan "GLO-101" belongs to GLO/);
    expect(refusal(() => resolveDataPlan(DATA, 'MTN', '  ', 'plan')).message).toBe(
      'plan is required for data',
    );
  });
});
