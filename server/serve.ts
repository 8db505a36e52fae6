// `npm run serve`: the headless node. The tick-object pin runs before the rest of the node is
// loaded, so before any garbage collection (see tick-shape-pin.ts); serve-node.ts is the node.
import './tick-shape-pin.js';

await import('./serve-node.js');
