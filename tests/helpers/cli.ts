import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** Runs the operator CLI as an operator would (`npm run -s cli -- ...`), as a child process. */
export function runCli(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): { status: number; stdout: string; stderr: string; json: any } {
  const r = spawnSync(
    join(root, 'node_modules', '.bin', 'tsx'),
    [join(root, 'server', 'cli.ts'), '--data-dir', dataDir, ...args],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env },
      timeout: 60_000,
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
