// Preloaded into the gateway by `pnpm soak` (node --expose-gc --import): its RSS and event-loop
// delay, sent to the soak over the IPC channel every second (the delay histogram starts afresh
// each time); and, when the soak sends 'gc', the heap in use after a full garbage collection
// (with `{ gc: true, snapshot: PATH }`, a heap snapshot written to PATH after it).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
setInterval(() => {
  process.send?.({ rss: process.memoryUsage.rss(), lagP99: delay.percentile(99) / 1e6, lagMax: delay.max / 1e6 });
  delay.reset();
}, 1_000).unref();
process.on('message', (message) => {
  const snapshot = typeof message === 'object' && message !== null && typeof message.snapshot === 'string' ? message.snapshot : undefined;
  if ((message !== 'gc' && !snapshot) || typeof globalThis.gc !== 'function') return;
  globalThis.gc();
  const heapAfterGc = process.memoryUsage().heapUsed;
  if (snapshot) writeHeapSnapshot(snapshot);
  process.send?.({ heapAfterGc });
});
// The IPC channel must not keep the gateway alive on its own.
process.channel?.unref();
