import type { WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread's entry file `name` beside the module at `here` (its import.meta.url): the
 * compiled `.js` (tsc's dist/server, or the bundle, where every entry and chunk sits at the root
 * of dist/headless). Under tsx or vitest `here` is TypeScript, and the thread loads the
 * TypeScript entry through tsx's API (a worker does not inherit the parent's loader).
 */
export function threadEntry(here: string, name: string): [URL | string, WorkerOptions] {
  if (!here.endsWith('.ts')) return [new URL(`./${name}.js`, here), {}];
  const entry = JSON.stringify(new URL(`./${name}.ts`, here).href);
  // Eval'd code resolves `tsx` from the working directory: the repository, for tsx and vitest.
  return [`import('tsx/esm/api').then((t) => t.tsImport(${entry}, ${entry}));`, { eval: true }];
}
