import { afterEach, describe, expect, it } from 'vitest';
import { DiskFullWatch } from '../../server/store/disk-full.js';
import { cliErrorMessage } from '../../server/cli/tools.js';

const full = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

function watch() {
  const lines: { level: string; o: object; m: string }[] = [];
  let stillFull = true;
  const w = new DiskFullWatch(
    () => {
      if (stillFull) throw full();
    },
    () => Date.parse('2026-11-25T10:00:00Z'),
  );
  const at = (level: string) => (o: object, m: string) => lines.push({ level, o, m });
  w.setLogger({ error: at('error'), warn: at('warn'), info: at('info') });
  return { w, lines, free: () => (stillFull = false) };
}

let open: DiskFullWatch | null = null;
afterEach(() => open?.stop());

describe('a full disk in the log (operations review L1)', () => {
  it('logs the first refusal with its error, then a count per minute, then that writes succeed again', () => {
    const { w, lines, free } = watch();
    open = w;
    expect(w.since).toBeNull();
    for (let i = 0; i < 40; i++) w.refused(full());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', o: { err: { code: 'SQLITE_FULL' } } });
    expect(lines[0].m).toMatch(/^disk full: a write was refused \(nothing stored or charged\)/);
    expect(w.since).toBe('2026-11-25T10:00:00.000Z');

    w.tick(); // still full
    expect(lines.slice(1).map((l) => `${l.level} ${l.m}`)).toEqual([
      'warn disk full: 39 more writes refused since the last count (40 since 2026-11-25T10:00:00.000Z)',
    ]);
    w.tick(); // still full, nothing refused in the meantime: nothing to say
    expect(lines).toHaveLength(2);
    w.refused(full());
    w.tick();
    expect(lines[2].m).toBe(
      'disk full: 1 more write refused since the last count (41 since 2026-11-25T10:00:00.000Z)',
    );

    free();
    w.tick();
    expect(lines[3]).toMatchObject({
      level: 'info',
      m: 'disk full no longer: writes succeed again (41 refused since 2026-11-25T10:00:00.000Z)',
    });
    expect(w.since).toBeNull();
    // A later episode is told from its start again.
    w.refused(full());
    expect(lines[4].level).toBe('error');
  });
});

describe('a full disk in the CLI', () => {
  it("is said in the API's words, not SQLite's", () => {
    expect(cliErrorMessage(full())).toBe(
      "The data directory's disk is full: nothing was stored or charged; retry once space is freed",
    );
    expect(cliErrorMessage(new Error('unknown merchant XY'))).toBe('unknown merchant XY');
  });
});
