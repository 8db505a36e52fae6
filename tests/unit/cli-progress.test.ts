import { describe, expect, it } from 'vitest';
import { StderrProgress, backupProgressWords } from '../../server/cli/progress.js';

/** A stream that keeps what is written; `isTTY` as a terminal or a log file. */
function fakeStream(isTTY: boolean) {
  const written: string[] = [];
  const stream = { isTTY, write: (s: string) => written.push(s) > 0 } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

describe('a CLI command’s progress on stderr', () => {
  it('off a terminal: one line per phase, nothing in place', () => {
    const { stream, written } = fakeStream(false);
    const progress = new StderrProgress(stream);
    const words = backupProgressWords(progress);
    words({ phase: 'copy', copiedPages: 0, totalPages: 1000 });
    words({ phase: 'copy', copiedPages: 500, totalPages: 1000 });
    words({ phase: 'check', bytes: 540 * 1024 * 1024 });
    progress.done();
    expect(written).toEqual(['Copying the database...\n', 'Checking the copy (540 MB)...\n']);
  });

  it('on a terminal: one line rewritten with the share done, at most five times a second, ended by done()', () => {
    const { stream, written } = fakeStream(true);
    let now = 0;
    const progress = new StderrProgress(stream, () => now);
    const words = backupProgressWords(progress);
    words({ phase: 'copy', copiedPages: 0, totalPages: 1000 });
    now = 50;
    words({ phase: 'copy', copiedPages: 100, totalPages: 1000 }); // too soon: not shown
    now = 300;
    words({ phase: 'copy', copiedPages: 675, totalPages: 1000 });
    now = 310;
    words({ phase: 'check', bytes: 2 * 1024 * 1024 }); // a new phase shows at once
    progress.done();
    expect(written).toEqual([
      '\rCopying the database... 0%',
      '\rCopying the database... 67%',
      '\rChecking the copy (2 MB)...',
      '\n',
    ]);
  });
});
