import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * The headless node as its own process, as an operator runs it: `server/serve.ts` under Node with
 * tsx as a loader (one process, so a signal reaches the node itself), or the bundle `npm run
 * serve` runs. For a node in the test's own process, see test-node.ts.
 */

const root = join(import.meta.dirname, '..', '..');
/** esbuild's bundle (scripts/build-node.mjs); the caller builds it first. */
export const NODE_BUNDLE = join(root, 'dist', 'headless', 'serve.js');
/** serve.ts prints this line once the node accepts requests. */
const LISTENING = /listening on (http:\/\/\S+)\r?\n/;
/** A SIGTERM'd node that has not exited by then is killed. */
const STOP_GRACE_MS = 10_000;

export interface NodeProcessOptions {
  dataDir: string;
  /** 0 (the default): a port the system picks. */
  port?: number;
  /** More flags for serve. */
  args?: string[];
  /** Run dist/headless/serve.js instead of the TypeScript sources. */
  bundle?: boolean;
  /** The node's schedules, the pending poller among them; off unless a test needs them. */
  schedules?: boolean;
  /**
   * Variables over the test run's environment and VENDPOINT_LOG_LEVEL=warn; `undefined` removes
   * one (VENDPOINT_LOG_LEVEL: undefined leaves the node its own default).
   */
  env?: Record<string, string | undefined>;
  /** A command the node runs under, e.g. `['prlimit', '--nofile=300']`. */
  under?: string[];
  /** Output that must also have appeared before the start counts as done (a line printed after listening). */
  readyWhen?: RegExp;
  /** How long the start may take before the node is killed; 60 s. */
  timeoutMs?: number;
}

export interface NodeProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything printed so far, stdout and stderr together (logs can follow the listening line). */
  output(): string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM: SIGKILL after 10 s) and waits for the exit; nothing if it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The node exited (or was killed at the time limit) before it was listening. */
export class NodeDidNotStart extends Error {
  constructor(
    readonly code: number | null,
    readonly output: string,
  ) {
    super(`the node did not start (exit ${code}):\n${output}`);
  }
}

/** Starts the node on `dataDir` and resolves once it listens (and printed `readyWhen`). */
export function startNodeProcess(o: NodeProcessOptions): Promise<NodeProcess> {
  const entry = o.bundle ? [NODE_BUNDLE] : ['--import', 'tsx', join(root, 'server', 'serve.ts')];
  const command = [
    ...(o.under ?? []),
    process.execPath,
    ...entry,
    ...['--data-dir', o.dataDir, '--port', String(o.port ?? 0), ...(o.args ?? [])],
  ];
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    env: nodeEnv(o),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const hard = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(hard);
  };

  const timeoutMs = o.timeoutMs ?? 60_000;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new NodeDidNotStart(null, `${out}\n(no start in ${timeoutMs} ms)`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const listening = LISTENING.exec(out);
      if (!listening || (o.readyWhen && !o.readyWhen.test(out))) return;
      clearTimeout(timer);
      child.stdout!.off('data', read).on('data', keep);
      child.stderr!.off('data', read).on('data', keep);
      const url = listening[1];
      resolve({ child, url, port: Number(new URL(url).port), output: () => out, exited, stop });
    };
    const keep = (chunk: Buffer) => (out += chunk.toString());
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    // 'close', not 'exit': by then its last words (why it refused to start) have been read.
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new NodeDidNotStart(code, out));
    });
  });
}

function nodeEnv(o: NodeProcessOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, VENDPOINT_LOG_LEVEL: 'warn' };
  if (o.schedules) delete env.VENDPOINT_SCHEDULES;
  else env.VENDPOINT_SCHEDULES = 'off';
  for (const [name, value] of Object.entries(o.env ?? {}))
    if (value === undefined) delete env[name];
    else env[name] = value;
  return env;
}
