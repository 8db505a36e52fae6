import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** Runs the operator CLI as an operator would (`npm run -s cli -- ...`), as a child process. */
export function runCli(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
  input?: string,
): { status: number; stdout: string; stderr: string; json: any } {
  const r = spawnSync(
    join(root, 'node_modules', '.bin', 'tsx'),
    [join(root, 'server', 'cli.ts'), '--data-dir', dataDir, ...args],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env },
      timeout: 60_000,
      ...(input === undefined ? {} : { input }),
    },
  );
  let json: unknown = null;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = null;
  }
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, json };
}

/**
 * runCli without blocking the test's event loop: needed when the command talks to something
 * the test itself serves (a webhook receiver on 127.0.0.1).
 */
export function runCliAsync(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number; stdout: string; stderr: string; json: any }> {
  return new Promise((resolve) => {
    execFile(
      join(root, 'node_modules', '.bin', 'tsx'),
      [join(root, 'server', 'cli.ts'), '--data-dir', dataDir, ...args],
      { cwd: root, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        let json: unknown = null;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = null;
        }
        const code = error && typeof error.code === 'number' ? error.code : error ? -1 : 0;
        resolve({ status: code, stdout, stderr, json });
      },
    );
  });
}
