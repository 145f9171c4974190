// Preloaded into the gateway by `pnpm soak` (node --expose-gc --import): its RSS and event-loop
// delay, sent to the soak over the IPC channel every second (the delay histogram starts afresh
// each time); and, when the soak sends 'gc', the heap in use after a full garbage collection.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
setInterval(() => {
  process.send?.({ rss: process.memoryUsage.rss(), lagP99: delay.percentile(99) / 1e6, lagMax: delay.max / 1e6 });
  delay.reset();
}, 1_000).unref();
process.on('message', (message) => {
  if (message !== 'gc' || typeof globalThis.gc !== 'function') return;
  globalThis.gc();
  process.send?.({ heapAfterGc: process.memoryUsage().heapUsed });
});
// The IPC channel must not keep the gateway alive on its own.
process.channel?.unref();
