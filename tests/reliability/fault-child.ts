import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import type { FaultControl, FaultStats } from '../helpers/fault-upstream.js';

export const root = join(import.meta.dirname, '..', '..');

/** The fault upstream as a separate process, driven over HTTP like any provider would be. */
export interface FaultChild {
  url: string;
  pid: number;
  control(patch: FaultControl): Promise<void>;
  stats(): Promise<FaultStats>;
  /** Create calls that reached it for one key (0 when none). */
  vendCalls(key: string): Promise<number>;
  kill(): Promise<void>;
}

/** Spawns `node --import tsx tests/helpers/fault-upstream.ts --port 0` and waits for its URL. */
export async function spawnFaultUpstream(mode = 'ok'): Promise<FaultChild> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'tests', 'helpers', 'fault-upstream.ts'), '--port', '0', '--mode', mode],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await firstJsonLine(child, 'url', 20_000);
  const post = async (path: string, body: unknown) => {
    const res = await request(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`fault upstream ${path}: ${res.statusCode} ${text}`);
  };
  const stats = async () => (await (await request(`${url}/__stats`)).body.json()) as FaultStats;
  return {
    url,
    pid: child.pid!,
    control: (patch) => post('/__control', patch),
    stats,
    vendCalls: async (key) => (await stats()).vendCalls[key] ?? 0,
    kill: () => killChild(child),
  };
}

/** Reads the child's stdout until a JSON line carrying `field`; rejects if it exits first. */
export function firstJsonLine(child: ChildProcess, field: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => {
      void killChild(child);
      reject(new Error(`no {"${field}"} line from child ${child.pid} in ${timeoutMs} ms`));
    }, timeoutMs);
    lines.on('line', (line) => {
      try {
        const json = JSON.parse(line) as Record<string, unknown>;
        if (typeof json[field] === 'string') {
          clearTimeout(timer);
          resolve(json[field]);
        }
      } catch {
        // not a JSON line
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child ${child.pid} exited (${code}) before printing its ${field}`));
    });
  });
}

/** SIGKILLs a child (if still running) and waits for it to be gone. */
export function killChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A 127.0.0.1 port nobody listens on (connection refused). */
export async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
