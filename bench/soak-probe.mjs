// Preloaded into the gateway by `pnpm soak` (node --import): its RSS and event-loop delay,
// sent to the soak over the IPC channel every second (the delay histogram starts afresh each time).
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
setInterval(() => {
  process.send?.({ rss: process.memoryUsage.rss(), lagP99: delay.percentile(99) / 1e6, lagMax: delay.max / 1e6 });
  delay.reset();
}, 1_000).unref();
