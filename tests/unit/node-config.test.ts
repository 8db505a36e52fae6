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
});
