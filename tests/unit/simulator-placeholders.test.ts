import { describe, expect, it } from 'vitest';
import { SimulatorUpstream } from '../../server/upstreams/simulator.js';
import { newInternalReference } from '../../server/store/merchants.js';
import type { VendRequest } from '../../server/upstreams/types.js';

const request = (reference: string, kind: VendRequest['kind'], product: string): VendRequest => ({
  reference,
  kind,
  product,
  network: kind === 'transaction' ? 'MTN' : '',
  msisdn: '08031234567',
  phone: null,
  planId: null,
  amountKobo: 500_000,
  quantity: 2,
  details: {},
});

/** Many references made in the same millisecond or two: UUID v7s that share their first 12 digits. */
const sameMoment = (n: number) => Array.from({ length: n }, () => newInternalReference());

async function resultsOf(kind: VendRequest['kind'], product: string, refs: string[]) {
  const sim = new SimulatorUpstream();
  const out = [];
  for (const ref of refs) {
    const o = await sim.vend(request(ref, kind, product));
    if (o.kind !== 'success') throw new Error(`expected success, got ${o.kind}`);
    out.push(o.result as Record<string, unknown>);
  }
  return out;
}

describe('simulator placeholders', () => {
  it('differ between sales made in the same moment', async () => {
    const refs = sameMoment(50);
    // The premise: these references share their time part.
    expect(new Set(refs.map((r) => r.slice(0, 8))).size).toBeLessThanOrEqual(2);

    const airtime = await resultsOf('transaction', 'airtime', refs);
    expect(new Set(airtime.map((r) => r.external_reference)).size).toBe(refs.length);

    const esims = await resultsOf('esim', 'esim', refs);
    expect(new Set(esims.map((r) => r.iccid)).size).toBe(refs.length);
    expect(new Set(esims.map((r) => r.reference_code)).size).toBe(refs.length);
    for (const r of esims) expect(r.iccid).toMatch(/^89234\d{14}$/);

    const cards = await resultsOf('giftcard', 'giftcard', refs);
    expect(new Set(cards.map((r) => r.reference_code)).size).toBe(refs.length);
    const numbers = cards.flatMap((r) => (r.cards as { card_number: string }[]).map((c) => c.card_number));
    expect(new Set(numbers).size).toBe(refs.length * 2);
    const claims = cards.flatMap((r) => (r.cards as { claim_url: string }[]).map((c) => c.claim_url));
    expect(new Set(claims).size).toBe(refs.length * 2);
  });

  it('carry the short reference the console shows (the last 8 characters)', async () => {
    const [ref] = sameMoment(1);
    const short = ref.slice(-8).toUpperCase();
    const [airtime] = await resultsOf('transaction', 'airtime', [ref]);
    expect(airtime.external_reference).toMatch(new RegExp(`${short}$`));
    const [card] = await resultsOf('giftcard', 'giftcard', [ref]);
    expect((card.cards as { card_number: string }[])[0].card_number).toBe(
      `TEST-${short.slice(0, 4)}-${short.slice(4)}-0001`,
    );
  });

  it('stay the same for the same reference (a requery answers what the vend did)', async () => {
    const [ref] = sameMoment(1);
    const sim = new SimulatorUpstream();
    const first = await sim.vend(request(ref, 'esim', 'esim'));
    const again = await sim.requery({ ...request(ref, 'esim', 'esim'), sentAt: 0 });
    expect(again).toEqual(first);
  });
});
