import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/**
 * A backup is restored together with the secret.key it was sealed with (README "Operator CLI":
 * the key is kept apart). `restore` into a directory whose secret.key is another one would leave
 * a database no node or command can open, after telling the operator to start the node.
 */
const codes = (dir: string) =>
  runCli(dir, ['--json', 'merchant', 'list']).json.merchants.map(
    (m: { merchant_code: string }) => m.merchant_code,
  );

describe('restore and secret.key', () => {
  it('a backup sealed with another secret.key is refused and nothing is moved; with its own key copied in, it is restored', () => {
    const root = mkdtempSync(join(tmpdir(), 'vendpoint-restore-key-'));
    const shopA = join(root, 'a');
    const shopB = join(root, 'b');
    expect(runCli(shopA, ['merchant', 'create', '--code', 'SHOP_A', '--name', 'A']).status).toBe(0);
    const backup = runCli(shopA, ['--json', 'backup']).json.path as string;
    expect(runCli(shopB, ['merchant', 'create', '--code', 'SHOP_B', '--name', 'B']).status).toBe(0);

    const refused = runCli(shopB, ['--json', 'restore', '--from', backup]);
    expect(refused.status).toBe(2);
    expect(refused.json.error).toBe(
      `${backup} was sealed with another secret.key than ${join(shopB, 'secret.key')}, which belongs to the database now in ${shopB}: keep that key apart with it, copy in the secret.key kept with the backup, then restore (nothing was moved)`,
    );
    expect(readdirSync(shopB).filter((f) => f.startsWith('replaced-'))).toEqual([]);
    expect(codes(shopB)).toContain('SHOP_B');

    copyFileSync(join(shopA, 'secret.key'), join(shopB, 'secret.key'));
    const restored = runCli(shopB, ['--json', 'restore', '--from', backup]);
    expect(restored.status, restored.stdout).toBe(0);
    expect(codes(shopB)).toEqual(['DEMO', 'SHOP_A']);
  }, 180_000);

  it('restored onto a fresh directory, which has no secret.key, it says to copy the key in before starting the node', () => {
    const root = mkdtempSync(join(tmpdir(), 'vendpoint-restore-fresh-'));
    const shop = join(root, 'shop');
    const fresh = join(root, 'fresh');
    expect(runCli(shop, ['merchant', 'create', '--code', 'SHOP', '--name', 'Shop']).status).toBe(0);
    const backup = runCli(shop, ['--json', 'backup']).json.path as string;

    const restored = runCli(fresh, ['restore', '--from', backup]);
    expect(restored.status, restored.stderr).toBe(0);
    // "Start the node" alone sent the operator to a node that refuses to start without the key.
    expect(restored.stdout).toContain(
      `${join(fresh, 'secret.key')} is missing: copy in the secret.key kept with the backup (the one from the directory it was taken in), then start the node`,
    );
    expect(restored.stdout).not.toContain('. Start the node');
    copyFileSync(join(shop, 'secret.key'), join(fresh, 'secret.key'));
    expect(codes(fresh)).toEqual(['DEMO', 'SHOP']);
  }, 180_000);

  it('with --json onto a fresh directory, stdout is the one answer and stderr says to copy the key in', () => {
    const root = mkdtempSync(join(tmpdir(), 'vendpoint-restore-fresh-json-'));
    const shop = join(root, 'shop');
    const fresh = join(root, 'fresh');
    expect(runCli(shop, ['merchant', 'create', '--code', 'SHOP', '--name', 'Shop']).status).toBe(0);
    const backup = runCli(shop, ['--json', 'backup']).json.path as string;

    const restored = runCli(fresh, ['--json', 'restore', '--from', backup]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.json).toMatchObject({ restored_from: backup, moved_aside_to: null });
    expect(restored.stdout.trim().split('\n')).toHaveLength(1);
    // A script's operator reads stderr: without the key the node it starts next refuses to run.
    expect(restored.stderr).toContain(
      `${join(fresh, 'secret.key')} is missing: copy in the secret.key kept with the backup (the one from the directory it was taken in), then start the node`,
    );
    // With the key in place there is nothing to add.
    const again = runCli(shop, ['--json', 'restore', '--from', backup]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('is missing');
  }, 180_000);
});
