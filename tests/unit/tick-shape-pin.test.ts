import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Run in a child with V8's test helpers: `%HaveSameMap` tells whether two objects share a hidden
 * class; `gc()` forces full collections, the moment a tick objects' class chain with no live
 * object on it would be dropped (see server/tick-shape-pin.ts).
 */
const CHECK = `
const { createHook } = await import('node:async_hooks');
await import(${JSON.stringify(join(ROOT, 'server', 'tick-shape-pin.ts'))});
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
const pinned = globalThis[Symbol.for('vendpoint.pinnedTickObject')];
for (let i = 0; i < 3; i++) {
  globalThis.gc();
  await new Promise((resolve) => setImmediate(resolve));
}
let later;
const hook = createHook({ init(id, type, trigger, resource) { if (type === 'TickObject') later ??= resource; } }).enable();
process.nextTick(() => {});
hook.disable();
console.log(JSON.stringify({
  held: typeof pinned?.callback === 'function',
  laterIsTick: typeof later?.callback === 'function',
  sameMap: Boolean(pinned && later && sameMap(pinned, later)),
}));
`;

it('holds one tick object for good, and tick objects made after full collections share its hidden class', () => {
  const run = spawnSync(
    process.execPath,
    ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', CHECK],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  expect(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '')).toEqual({
    held: true,
    laterIsTick: true,
    sameMap: true,
  });
});
