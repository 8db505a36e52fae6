import { createHook } from 'node:async_hooks';

/**
 * Keeps one `process.nextTick` tick object alive for the life of the process, so that every
 * later tick object keeps the same hidden class (V8 map) and `process.nextTick` stays cheap.
 *
 * Why: Node builds each tick object with a literal whose first two keys are computed symbols.
 * V8 records the hidden class each of those keys is added to; the record holds it weakly and
 * goes megamorphic, for good, the first time it sees another one. When no tick object is alive
 * during a garbage collection (it happens at start-up: the bundled node without this pin was
 * slow in nearly every start measured), the class chain is collected, the next tick object gets a new one, and from
 * then on each `nextTick` goes through V8's runtime: 350–650 ns instead of 50–110 ns, and Node's
 * HTTP server calls it about ten times per request (12% of the node's CPU under status load in a
 * `perf` profile). One tick object held here keeps the chain alive, so no new one is ever made.
 * (What drops the chain during start-up is not pinned down; `--log-maps` shows the transition
 * made twice without the pin, and the pin cured it in every start measured.)
 *
 * It must run before anything else is loaded: `serve.ts` and the sending thread's entry import
 * it, then the rest by a dynamic import (a static import came after esbuild's other chunks);
 * `node.ts` and `main/main.ts` import it first. Async hooks are on only for the one `nextTick`
 * below.
 */
function pinTickShape(): unknown {
  let tick: unknown;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') tick ??= resource;
    },
  }).enable();
  process.nextTick(() => {});
  hook.disable();
  return tick;
}

// Held from the global object: a module-level variable nothing reads may be dropped by V8 once
// the module has run, and the object with it.
Object.defineProperty(globalThis, Symbol.for('vendpoint.pinnedTickObject'), { value: pinTickShape() });
