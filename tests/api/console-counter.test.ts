import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSession, startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { hashPassword } from '../../server/services/console-auth.js';
import { createConsoleUser, createFirstAdmin } from '../../server/store/console-users.js';
import { getMerchantByCode, revokeCredentials } from '../../server/store/merchants.js';
import { addUpstream, updateUpstream } from '../../server/store/upstreams.js';

let t: TestNode;
const PASSWORD = 'a long enough password';

const signIn = (username: string) => consoleSession(t, username, PASSWORD);

beforeAll(async () => {
  t = await startTestNode();
  const db = t.node.services.db;
  const demo = getMerchantByCode(db, 'DEMO')!;
  createFirstAdmin(db, { merchantId: demo.id, username: 'boss', passwordHash: await hashPassword(PASSWORD) });
  const shop = t.merchant('SHOP', { testNaira: 10_000, liveNaira: 10_000, liveBills: ['CABLE'] });
  for (const username of ['ada', 'bola', 'chidi'])
    createConsoleUser(
      db,
      { merchantId: shop.id, username, role: 'agent', passwordHash: await hashPassword(PASSWORD) },
      'test',
    );
  // Live airtime fails, live data stays pending: simulators set up the way an admin would.
  addUpstream(
    db,
    t.node.services.box,
    { name: 'failing', type: 'simulator', options: { failureRate: 1 }, products: ['airtime'] },
    'test',
  );
  addUpstream(
    db,
    t.node.services.box,
    {
      name: 'slow',
      type: 'simulator',
      options: { pendingRate: 1, pendingForMs: 3_600_000 },
      products: ['data'],
    },
    'test',
  );
});
afterAll(async () => t.close());

describe('per-user environments', () => {
  it('a new user may sell in both and starts in test, as before', async () => {
    const { login } = await signIn('ada');
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ environment: 'test', environments: ['test', 'live'] });
  });

  it('an agent limited to live by the admin starts in live, sees no test, and cannot switch to it', async () => {
    const boss = await signIn('boss');
    const users = (await boss.call('GET', '/console/admin/users')).json.users as {
      id: number;
      username: string;
    }[];
    const bola = users.find((u) => u.username === 'bola')!;
    const patched = await boss.call('PATCH', `/console/admin/users/${bola.id}`, { environments: ['live'] });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ environments: ['live'], start_environment: 'live' });

    const agent = await signIn('bola');
    expect(agent.login.json).toMatchObject({ environment: 'live', environments: ['live'] });
    const session = await agent.call('GET', '/console/session');
    expect(session.json.environment).toBe('live');
    const flip = await agent.call('POST', '/console/session/environment', { environment: 'test' });
    expect(flip.status).toBe(403);
    expect(flip.json.message).toMatch(/not allowed you to sell in test/);
  });

  it('a user the console API creates without naming environments sells in test only, as the form starts', async () => {
    const boss = await signIn('boss');
    const r = await boss.call('POST', '/console/users', {
      username: 'tunde',
      password: PASSWORD,
      role: 'agent',
      merchant_code: 'SHOP',
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ environments: ['test'], start_environment: 'test' });
    expect((await signIn('tunde')).login.json).toMatchObject({ environment: 'test', environments: ['test'] });
  });

  it('a test-only user sees only the test wallet: the live balance and ledger are not theirs to read', async () => {
    const agent = await signIn('tunde');
    const wallets = await agent.call('GET', '/console/wallets');
    expect(wallets.status).toBe(200);
    expect(wallets.json.wallets.map((w: { environment: string }) => w.environment)).toEqual(['test']);
    expect((await agent.call('GET', '/console/wallets/test/ledger')).status).toBe(200);
    const live = await agent.call('GET', '/console/wallets/live/ledger');
    expect(live.status).toBe(403);
    expect(live.json.message).toBe(
      'Your admin has not allowed you to sell in live, so its wallet is not shown to you',
    );
    // An admin allowed both still sees both.
    const boss = await signIn('boss');
    const both = await boss.call('GET', '/console/wallets');
    expect(both.json.wallets.map((w: { environment: string }) => w.environment)).toEqual(['test', 'live']);
  });

  it('a start environment outside the allowed ones is refused on the field', async () => {
    const boss = await signIn('boss');
    const r = await boss.call('POST', '/console/users', {
      username: 'dayo',
      password: PASSWORD,
      role: 'agent',
      merchant_code: 'SHOP',
      environments: ['test'],
      start_environment: 'live',
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/start environment must be one the user may sell in/);
    const ok = await boss.call('POST', '/console/users', {
      username: 'dayo',
      password: PASSWORD,
      role: 'agent',
      merchant_code: 'SHOP',
      environments: ['test', 'live'],
      start_environment: 'live',
    });
    expect(ok.status).toBe(201);
    expect((await signIn('dayo')).login.json.environment).toBe('live');
  });

  it('a session in an environment that stops being allowed moves back at its next request', async () => {
    const boss = await signIn('boss');
    const users = (await boss.call('GET', '/console/admin/users')).json.users as {
      id: number;
      username: string;
    }[];
    const chidi = users.find((u) => u.username === 'chidi')!;
    const agent = await signIn('chidi');
    expect((await agent.call('POST', '/console/session/environment', { environment: 'live' })).status).toBe(
      200,
    );
    await boss.call('PATCH', `/console/admin/users/${chidi.id}`, { environments: ['test'] });
    const session = await agent.call('GET', '/console/session');
    expect(session.json).toMatchObject({ environment: 'test', environments: ['test'] });
  });
});

describe('product availability per environment', () => {
  it('test sells everything; live names what is not enabled or has no route, with the admin page to fix it', async () => {
    const ada = await signIn('ada');
    const test = await ada.call('GET', '/console/products');
    expect(test.json.products.every((p: { available: boolean }) => p.available)).toBe(true);

    await ada.call('POST', '/console/session/environment', { environment: 'live' });
    const live = (await ada.call('GET', '/console/products')).json.products as {
      product: string;
      available: boolean;
      reason: string;
      fix: { to: string } | null;
    }[];
    const by = Object.fromEntries(live.map((p) => [p.product, p]));
    expect(by.airtime.available).toBe(true);
    expect(by.data.available).toBe(true);
    expect(by.ELECTRICITY).toMatchObject({
      available: false,
      reason: 'Live electricity is not enabled for SHOP Ltd; an admin can enable it.',
      fix: { to: '/admin/merchants/SHOP' },
    });
    expect(by.CABLE).toMatchObject({
      available: false,
      reason: 'No provider is set up to sell cable TV in live; an admin can add one.',
      fix: { to: '/admin/upstreams' },
    });
    expect(by.esim).toMatchObject({ available: false, fix: { to: '/admin/upstreams' } });

    // Verify and order are refused with the same words, before anything is typed at the pay button.
    const verify = await ada.call('POST', '/console/verify', {
      product: 'ELECTRICITY',
      network: 'IBEDC',
      customer_msisdn: '10000000001',
      plan_code: '107',
    });
    expect(verify.status).toBe(403);
    expect(verify.json.message).not.toMatch(/account manager/);
    expect(verify.json.message).toMatch(/Live electricity is not enabled/);
    const esim = await ada.call('POST', '/console/esim/orders', {
      request_id: 'esim-live-0001',
      plan_id: 'ESIM-GB-5GB-30D',
    });
    expect(esim.status).toBe(403);
    expect(esim.json.message).toMatch(/No provider is set up to sell eSIMs in live/);
  });

  it('live names the only networks routed when no product-wide route takes them all', async () => {
    const { db, box } = t.node.services;
    // DStv and GOtv routed (a route's network in any case); StarTimes only on a disabled upstream.
    addUpstream(db, box, { name: 'tv-a', type: 'simulator', products: ['CABLE:DSTV'] }, 'test');
    addUpstream(db, box, { name: 'tv-b', type: 'simulator', products: ['cable:gotv'] }, 'test');
    addUpstream(db, box, { name: 'tv-off', type: 'simulator', products: ['CABLE:STARTIMES'] }, 'test');
    updateUpstream(db, box, 'tv-off', { enabled: false }, 'test');
    const ada = await signIn('ada');
    await ada.call('POST', '/console/session/environment', { environment: 'live' });
    const liveNow = async () =>
      Object.fromEntries(
        ((await ada.call('GET', '/console/products')).json.products as { product: string }[]).map((p) => [
          p.product,
          p,
        ]),
      );
    expect((await liveNow()).CABLE).toMatchObject({ available: true, networks: ['DSTV', 'GOTV'] });
    // Airtime's route is product-wide: every network is sold; eSIMs are not sold at all.
    expect((await liveNow()).airtime).toMatchObject({ available: true, networks: null });
    expect((await liveNow()).esim).toMatchObject({ available: false, networks: null });
    // A product-wide route beside the network ones takes every network.
    addUpstream(db, box, { name: 'tv-all', type: 'simulator', products: ['CABLE'] }, 'test');
    expect((await liveNow()).CABLE).toMatchObject({ available: true, networks: null });

    // Test sells every network, whatever live routes.
    await ada.call('POST', '/console/session/environment', { environment: 'test' });
    const test = (await ada.call('GET', '/console/products')).json.products as { networks: unknown }[];
    expect(test.every((p) => p.networks === null)).toBe(true);
  });
});

describe('a pending sale says when the provider was last asked and what it said', () => {
  it('carries last_checked_at and provider_said, updated by a requery', async () => {
    const ada = await signIn('ada');
    await ada.call('POST', '/console/session/environment', { environment: 'live' });
    const sold = await ada.call('POST', '/console/sell', {
      product: 'data',
      network: 'mtn',
      customer_msisdn: '08031234567',
      plan_code: 'MTN-101',
      amount: '75.00',
      client_request_id: 'pending-live-0001',
    });
    expect(sold.status).toBe(200);
    const first = await eventually(
      () => ada.call('GET', `/console/purchases/${sold.json.reference}`),
      (r) => r.json.last_checked_at !== '',
    );
    expect(first.json).toMatchObject({ status: 'pending', provider_said: 'Simulated pending.' });
    const before = Date.parse(first.json.last_checked_at);
    await new Promise((r) => setTimeout(r, 20));
    const again = await ada.call('POST', `/console/purchases/${sold.json.reference}/requery`);
    expect(again.json.status).toBe('pending');
    expect(Date.parse(again.json.last_checked_at)).toBeGreaterThan(before);
  });

  it('a failed sale carries no pending check', async () => {
    const ada = await signIn('ada');
    await ada.call('POST', '/console/session/environment', { environment: 'live' });
    const sold = await ada.call('POST', '/console/sell', {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '500',
      client_request_id: 'failed-live-0001',
    });
    const final = await eventually(
      () => ada.call('GET', `/console/purchases/${sold.json.reference}`),
      (r) => r.json.status !== 'pending',
    );
    expect(final.json).toMatchObject({
      status: 'failed',
      failure_reason: 'Simulated failure',
      last_checked_at: '',
      provider_said: '',
    });
  });
});

describe('revoking the live pair', () => {
  it('moves a live session back to test', async () => {
    const ada = await signIn('ada');
    await ada.call('POST', '/console/session/environment', { environment: 'live' });
    revokeCredentials(t.node.services.db, 'SHOP', 'live', 'test');
    const session = await ada.call('GET', '/console/session');
    expect(session.json).toMatchObject({ environment: 'test', environments: ['test'] });
    // An agent limited to live has nowhere to sell: signing in says so.
    const bola = await signIn('bola');
    expect(bola.login.status).toBe(403);
    expect(bola.login.json.message).toMatch(/no active live credentials/);
  });
});
