// The sending thread's entry (its code: webhook-sender-worker-body.ts). The thread's own V8
// isolate gets the tick-object pin before the rest is loaded (see ../tick-shape-pin.ts).
import '../tick-shape-pin.js';

await import('./webhook-sender-worker-body.js');
