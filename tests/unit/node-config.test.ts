import { describe, expect, it } from 'vitest';
import { configFromArgs, NODE_USAGE } from '../../server/config.js';

/** The node's flags: what `--help` promises is what the parser takes, and bad values stop it. */
describe('node configuration', () => {
  it('waits 30 s for a sync sale by default; --sync-wait and VENDPOINT_SYNC_WAIT take whole seconds', () => {
    expect(configFromArgs([], {}).syncTimeoutMs).toBe(30_000);
    expect(configFromArgs(['--sync-wait', '5'], {}).syncTimeoutMs).toBe(5_000);
    expect(configFromArgs([], { VENDPOINT_SYNC_WAIT: '120' }).syncTimeoutMs).toBe(120_000);
    // The flag wins over the environment, as for every other setting.
    expect(configFromArgs(['--sync-wait', '7'], { VENDPOINT_SYNC_WAIT: '120' }).syncTimeoutMs).toBe(7_000);
    expect(NODE_USAGE).toContain('--sync-wait S');
  });

  it.each(['0', '301', '2.5', 'abc', '-1'])('refuses --sync-wait %s before anything starts', (value) => {
    expect(() => configFromArgs([`--sync-wait=${value}`], {})).toThrow(
      `--sync-wait must be a whole number of seconds from 1 to 300, got "${value}"`,
    );
  });

  it('caps 256 connections per client address by default; --connections-per-ip and its variable set it, 0 turns it off', () => {
    expect(configFromArgs([], {}).connectionsPerIp).toBe(256);
    expect(configFromArgs(['--connections-per-ip', '32'], {}).connectionsPerIp).toBe(32);
    expect(configFromArgs([], { VENDPOINT_CONNECTIONS_PER_IP: '0' }).connectionsPerIp).toBe(0);
    expect(
      configFromArgs(['--connections-per-ip', '8'], { VENDPOINT_CONNECTIONS_PER_IP: '64' }).connectionsPerIp,
    ).toBe(8);
    expect(NODE_USAGE).toContain('--connections-per-ip N');
  });

  it.each(['-1', '2.5', 'many', '1000001'])(
    'refuses --connections-per-ip %s before anything starts',
    (value) => {
      expect(() => configFromArgs([`--connections-per-ip=${value}`], {})).toThrow(
        `--connections-per-ip must be a whole number from 0 (no cap) to 1000000, got "${value}"`,
      );
    },
  );
});
