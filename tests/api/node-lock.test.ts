import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startNode, StartFailed } from '../../server/node.js';
import { testConfig } from '../../server/config.js';
import { LOCK_FILE } from '../../server/store/node-lock.js';
import { startTestNode } from '../helpers/test-node.js';

const root = mkdtempSync(join(tmpdir(), 'vendpoint-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const fresh = (name: string) => {
  const d = join(root, name);
  mkdirSync(d, { recursive: true, mode: 0o700 });
  return d;
};

describe('one node per data directory', () => {
  it('a second node on a directory a running node holds is refused; the first keeps running', async () => {
    const t = await startTestNode({ dataDir: fresh('held') });
    try {
      await expect(startNode(testConfig(t.dataDir))).rejects.toThrow(/already runs a VendPoint node/);
      // As another process would see it: the lock names a live process that is not us.
      writeFileSync(join(t.dataDir, LOCK_FILE), `${process.ppid}\n`);
      await expect(startNode(testConfig(t.dataDir))).rejects.toThrow(
        new RegExp(`another VendPoint node \\(process ${process.ppid}\\) is running on`),
      );
      expect((await t.call('GET', '/v1/wallet/balance')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('a refused node writes nothing: the lock is taken before the database is opened', async () => {
    const dir = fresh('refused-first');
    writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n`);
    await expect(startNode(testConfig(dir))).rejects.toThrow(/another VendPoint node/);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
  });

  it('a lock left by a node that died (kill -9) is taken over, and released on close', async () => {
    const dir = fresh('stale');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(join(dir, LOCK_FILE), `${gone.stdout}\n`);
    const node = await startNode(testConfig(dir));
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split(' ')[0]).toBe(String(process.pid));
    await node.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('a lock naming this very pid, not held by this process, is an earlier life of it: taken over', async () => {
    // A container restarted after a crash runs the node under the same pid (often 1) every time.
    const dir = fresh('same-pid');
    writeFileSync(join(dir, LOCK_FILE), `${process.pid} 12\n`);
    const node = await startNode(testConfig(dir));
    await node.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('a lock naming a live process started at another time (its pid reused) is taken over; with its start time it holds', async () => {
    const dir = fresh('reused-pid');
    const parentStarted = readFileSync(`/proc/${process.ppid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
    writeFileSync(join(dir, LOCK_FILE), `${process.ppid} ${parentStarted}\n`);
    await expect(startNode(testConfig(dir))).rejects.toThrow(
      /another VendPoint node \(process \d+\) is running/,
    );
    writeFileSync(join(dir, LOCK_FILE), `${process.ppid} ${Number(parentStarted) + 1}\n`);
    const node = await startNode(testConfig(dir));
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+\n$`));
    await node.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('the OS lock decides: a pid file naming a dead node does not let a second node in beside a live holder', async () => {
    // Two nodes starting at once on a lock a killed node left could both find its holder dead,
    // and the later one delete the earlier one's fresh lock: the OS lock on node.lock.db is what
    // they race for. Here another process holds it while node.lock still names the dead node.
    const dir = fresh('os-lock');
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./server/store/node-lock.ts').then(({ lockDataDir }) => { lockDataDir(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000); })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((ok) => holder.stdout.on('data', (d) => String(d).includes('held') && ok()));
      const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
        encoding: 'utf8',
      });
      writeFileSync(join(dir, LOCK_FILE), `${gone.stdout}\n`);
      await expect(startNode(testConfig(dir))).rejects.toThrow(
        /another VendPoint node \(process \d+\) is running/,
      );
    } finally {
      holder.kill('SIGKILL');
      await new Promise((r) => holder.once('exit', r));
    }
    // Its holder killed, the OS lock is free again: the next node takes over and says so.
    const node = await startNode(testConfig(dir));
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split(' ')[0]).toBe(String(process.pid));
    await node.close();
  });

  it('a lock naming a zombie (killed, not yet reaped) is taken over: it holds nothing any more', async () => {
    const dir = fresh('zombie');
    // The background `sleep 1` ends after bash has become `sleep 30`, which never reaps it. (A
    // child that ended before the exec would be reaped by bash itself: no zombie.)
    const parent = spawn('bash', ['-c', 'sleep 1 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const pid = await new Promise<number>((ok) =>
        parent.stdout.once('data', (d) => ok(Number(String(d).trim()))),
      );
      await expect
        .poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[0], {
          timeout: 15_000,
        })
        .toBe('Z');
      const started = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
      writeFileSync(join(dir, LOCK_FILE), `${pid} ${started}\n`);
      const node = await startNode(testConfig(dir));
      await node.close();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('a first start that fails (port in use) still hands over the DEMO pair, and holds no lock', async () => {
    const busy: Server = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    const port = (busy.address() as { port: number }).port;
    const dir = join(root, 'busy-port');
    try {
      const err = await startNode(testConfig(dir, { port })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StartFailed);
      expect((err as StartFailed).message).toMatch(/EADDRINUSE/);
      expect((err as StartFailed).firstRun.key).toMatch(/^vpk_test_/);
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    } finally {
      busy.close();
    }
  });
});
