import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CurlResult {
  exitCode: number;
  stdout: string;
  /** One `{ status, contentType }` per curl the command ran, in order (none for `-w` commands). */
  answers: { status: number; contentType: string }[];
}

export interface CurlShell {
  /** Where commands run: a file a command writes (`-o esim.png`) lands here. */
  dir: string;
  run(command: string, opts?: { shell?: 'sh' | 'bash'; env?: Record<string, string> }): Promise<CurlResult>;
  close(): void;
}

/**
 * Runs documented commands as written, through a shell with the real curl in /usr/bin. The
 * status of each answer comes from a `.curlrc` in a directory of its own (CURL_HOME), which
 * writes `%{http_code} %{content_type}` to stderr: the command's own output stays what a reader
 * sees, and a command with its own `-w` replaces it, as it would for the reader.
 */
export function curlShell(): CurlShell {
  const dir = mkdtempSync(join(tmpdir(), 'vendpoint-curl-'));
  writeFileSync(join(dir, '.curlrc'), 'write-out = "%{stderr}%{http_code} %{content_type}\\n"\n');
  return {
    dir,
    run(command, opts = {}) {
      const shell = opts.shell === 'bash' ? '/bin/bash' : '/bin/sh';
      const env = { PATH: '/usr/bin:/bin', HOME: dir, CURL_HOME: dir, ...opts.env };
      return new Promise((resolve) => {
        execFile(shell, ['-c', command], { cwd: dir, env, timeout: 30_000 }, (error, stdout, stderr) => {
          const answers = stderr
            .split('\n')
            .map((l) => /^(\d{3}) ?(.*)$/.exec(l))
            .filter((m): m is RegExpExecArray => m !== null)
            .map((m) => ({ status: Number(m[1]), contentType: m[2]! }));
          const exitCode = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ exitCode, stdout, answers });
        });
      });
    },
    close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
