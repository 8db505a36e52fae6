import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReconcilePair, type ReconcilePair } from '../helpers/reconcile-pair.js';

let pair: ReconcilePair;
let live: { key: string; secret: string };

beforeAll(async () => {
  pair = await startReconcilePair();
  // The upstream node's merchant UP holds these rows; we list them as UP would be listed.
  pair.seed([
    {
      ours: 'success',
      theirs: 'success',
      amountKobo: 10_000,
      at: '2026-07-01T09:59:59.000Z',
      theirDelayMs: 0,
    },
    {
      ours: 'success',
      theirs: 'success',
      amountKobo: 20_000,
      at: '2026-07-01T10:00:00.000Z',
      theirDelayMs: 0,
    },
    {
      ours: 'success',
      theirs: 'success',
      amountKobo: 30_000,
      at: '2026-07-01T10:09:59.999Z',
      theirDelayMs: 0,
    },
    {
      ours: 'success',
      theirs: 'success',
      amountKobo: 40_000,
      at: '2026-07-01T10:10:00.000Z',
      theirDelayMs: 0,
    },
  ]);
  const up = pair.ours.node.services.db
    .prepare(`SELECT key_id AS key FROM upstreams WHERE name = 'up'`)
    .get() as {
    key: string;
  };
  live = { key: up.key, secret: pair.upSecret };
}, 60_000);
afterAll(() => pair?.close());

describe('GET /v1/transactions from/to (an extension reconciliation reads days with)', () => {
  it('lists only purchases created at or after from and before to', async () => {
    const r = await pair.theirs.call(
      'GET',
      '/v1/transactions?from=2026-07-01T10:00:00.000Z&to=2026-07-01T10:10:00Z&limit=100',
      {
        pair: live,
      },
    );
    expect(r.status).toBe(200);
    expect(r.json.data.map((d: { amount: string }) => d.amount).sort()).toEqual(['200.00', '300.00']);
    expect(r.json.pagination.total).toBe(2);
    const all = await pair.theirs.call('GET', '/v1/transactions?limit=100', { pair: live });
    expect(all.json.pagination.total).toBe(4);
  });

  it('refuses a from that is not an ISO UTC instant, naming it', async () => {
    const r = await pair.theirs.call('GET', '/v1/transactions?from=yesterday', { pair: live });
    expect(r.status).toBe(400);
    expect(r.json.message).toContain('from');
  });

  it.each([
    ['from', '2026-13-45T00:00:00Z'],
    ['from', '2026-02-30T00:00:00.000Z'],
    ['to', '2026-07-01T25:00:00Z'],
  ])('refuses a %s shaped right but not a real time (%s): 400, not 500', async (field, value) => {
    const r = await pair.theirs.call('GET', `/v1/transactions?${field}=${value}`, { pair: live });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      status: 'error',
      code: 400,
      message: `${field} ${value} is not a real UTC time; write it like 2026-01-02T00:00:00.000Z`,
    });
  });
});
