import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { credentialRateStore } from '../../server/http/credential-rate-store.js';

/**
 * The per-credential limit's store, behind the real plugin: the global window and limit, a
 * route's own window and limit counted apart (as the plugin's LocalStore does), and a window
 * that began after "now" (the clock set back) over at once.
 */
let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

async function appAt(clock: { now: number }) {
  app = Fastify();
  await app.register(rateLimit, {
    max: 3,
    timeWindow: 60_000,
    store: credentialRateStore(60_000, () => clock.now),
  });
  app.get('/everyday', async () => 'ok');
  app.get('/own-limit', { config: { rateLimit: { max: 1, timeWindow: 1_000 } } }, async () => 'ok');
  await app.ready();
  return async (url: string) => {
    const r = await app!.inject({ method: 'GET', url });
    return { status: r.statusCode, retryAfter: r.headers['retry-after'] };
  };
}

describe('the per-credential rate-limit store', () => {
  it('allows the global limit per window and answers the rest 429 with the time left', async () => {
    const clock = { now: 1_000_000 };
    const get = await appAt(clock);
    for (let i = 0; i < 3; i++) expect((await get('/everyday')).status).toBe(200);
    clock.now += 20_000;
    expect(await get('/everyday')).toEqual({ status: 429, retryAfter: '40' });
    clock.now += 40_000;
    expect((await get('/everyday')).status).toBe(200);
  });

  it('a route with a limit of its own counts apart, in its own window', async () => {
    const clock = { now: 1_000_000 };
    const get = await appAt(clock);
    expect((await get('/own-limit')).status).toBe(200);
    expect(await get('/own-limit')).toEqual({ status: 429, retryAfter: '1' });
    // Its 429s used none of the global allowance.
    for (let i = 0; i < 3; i++) expect((await get('/everyday')).status).toBe(200);
    // Its one-second window is over while the global minute is not.
    clock.now += 1_000;
    expect((await get('/own-limit')).status).toBe(200);
    expect((await get('/everyday')).status).toBe(429);
  });

  it('a window that began after now (the clock set back two hours) is over', async () => {
    const clock = { now: 10_000_000 };
    const get = await appAt(clock);
    for (let i = 0; i < 3; i++) await get('/everyday');
    expect((await get('/everyday')).status).toBe(429);
    clock.now -= 2 * 3_600_000;
    expect((await get('/everyday')).status).toBe(200);
  });
});
