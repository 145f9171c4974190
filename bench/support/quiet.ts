/**
 * Timings are only worth reading on a machine that is not busy with something else (another
 * job, a browser left over, the bench's own previous section): before each section the bench
 * waits until the CPUs were at least `idleShare` idle over one second, and records what it
 * found. It never waits more than `maxWaitMs`; a busy machine is then reported, not hidden.
 */
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Quiet {
  /** The CPUs' idle share over the last second before the section started (0–1). */
  idle_share: number;
  waited_s: number;
}

function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/** `windowMs`: how long the CPUs must have been idle (one second before a section; less between runs). */
export async function waitForQuiet({ idleShare = 0.9, maxWaitMs = 90_000, windowMs = 1_000 } = {}): Promise<Quiet> {
  const started = Date.now();
  for (;;) {
    const before = cpuTimes();
    await sleep(windowMs);
    const after = cpuTimes();
    const share = (after.idle - before.idle) / Math.max(1, after.total - before.total);
    if (share >= idleShare || Date.now() - started >= maxWaitMs) {
      return { idle_share: Math.round(share * 100) / 100, waited_s: Math.round((Date.now() - started) / 1000) };
    }
  }
}
