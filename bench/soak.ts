/**
 * `pnpm soak --minutes N [--store memory|embedded|postgres] [--every S] [--heap-snapshots DIR]`: the sandbox under a
 * steady mixed load for N minutes (not in CI), watching for leaks. The built gateway
 * (packages/mock-gateway/dist/mock-gateway.mjs; `pnpm build` first) runs in its own process
 * with a probe (soak-probe.mjs) that reports its RSS and event-loop lag every second; the load:
 *  - sessions          POST /api/sessions
 *  - 3-D Secure        authorize with a challenge card (answered with the shopper's 3-D Secure step)
 *  - payments          a session paid with a frictionless card (x-client-key, as a browser)
 *  - webhooks          every payment's webhook to a receiver that answers in 200 ms
 *  - live updates      dashboard live streams (SSE), each reopened every 10 s
 * It prints a sample every S seconds (default 30) and, at the end, the slope of RSS against
 * requests served (least squares, MB per 100,000 requests), the event-loop lag (p99, max), and
 * the gateway's heap after a full garbage collection at the start, at the end, and after
 * `POST /__mock/reset` (the memory store keeps every record in the heap: its RSS grows with
 * them by design, and what a reset leaves is what would be a leak). With `--heap-snapshots DIR`,
 * a heap snapshot at each of those three moments (start, end, after-reset `.heapsnapshot` in
 * DIR: open them in DevTools' Memory panel, or compare them with bench/heap-diff.ts).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { GatewayClient } from '@payments/testing';
import { startPostgresCluster, type PostgresCluster } from '@payments/e2e/postgres-cluster';
import { mixedLoad } from './soak-load';
import { slope, type Sample } from './soak-stats';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'packages/mock-gateway/dist/mock-gateway.mjs');
const PROBE = join(ROOT, 'bench/soak-probe.mjs');

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: { minutes: { type: 'string', default: '30' }, store: { type: 'string', default: 'memory' }, every: { type: 'string', default: '30' }, 'heap-snapshots': { type: 'string' } },
});
const minutes = Number(values.minutes);
const store = values.store!;
if (!(minutes > 0)) throw new Error('--minutes must be a positive number');
if (!['memory', 'embedded', 'postgres'].includes(store)) throw new Error('--store is memory, embedded or postgres');
const snapshots = values['heap-snapshots'] ? resolve(values['heap-snapshots']) : undefined;
if (snapshots) mkdirSync(snapshots, { recursive: true });

/** The webhook receiver: answers each delivery in 200 ms. */
async function slowReceiver() {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => setTimeout(() => response.writeHead(204).end(), 200));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => server.close() };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'soak-'));
  let cluster: PostgresCluster | undefined;
  const flags = ['--no-build', '--port', '0'];
  if (store === 'embedded') flags.push('--data', join(dir, 'data'));
  if (store === 'postgres') {
    cluster = await startPostgresCluster();
    flags.push('--database-url', cluster.url);
  }
  const receiver = await slowReceiver();
  const samples: Sample[] = [];
  const child = spawn(process.execPath, ['--expose-gc', '--import', PROBE, CLI, ...flags], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  // The probe's reports, gathered over each sample's interval: last RSS, worst lag.
  const window = { rss: 0, lagP99: 0, lagMax: 0 };
  /** The heap in use after a full GC; with --heap-snapshots, a snapshot named `moment` written after it. */
  const heapAfterGc = (moment: 'start' | 'end' | 'after-reset') =>
    new Promise<number>((done) => {
      const answer = (m: { heapAfterGc?: number }) => {
        if (m.heapAfterGc === undefined) return;
        child.off('message', answer);
        done(m.heapAfterGc / 1e6);
      };
      child.on('message', answer);
      child.send(snapshots ? { snapshot: join(snapshots, `${store}-${moment}.heapsnapshot`) } : 'gc');
    });
  child.on('message', (m: { rss?: number; lagP99: number; lagMax: number }) => {
    if (m.rss === undefined) return;
    window.rss = m.rss;
    window.lagP99 = Math.max(window.lagP99, m.lagP99);
    window.lagMax = Math.max(window.lagMax, m.lagMax);
  });
  let output = '';
  const url = await new Promise<string>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`the gateway exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/\S+)/.exec(output);
      if (listening) done(listening[1]!);
    });
  });
  child.stdout!.resume();
  [window.lagP99, window.lagMax] = [0, 0]; // the start (PGlite's first open blocks the loop for seconds) is not the soak
  const gateway = new GatewayClient(url);
  await gateway.request('POST', '/__mock/config', { webhook_url: receiver.url });
  const heapAtStart = await heapAfterGc('start');
  console.log(`soak: ${minutes} min on the ${store} store, gateway pid ${child.pid} at ${url}`);
  const load = mixedLoad(url, gateway);
  const started = Date.now();
  const every = Number(values.every) * 1000;
  while (Date.now() - started < minutes * 60_000) {
    await new Promise((done) => setTimeout(done, Math.min(every, started + minutes * 60_000 - Date.now())));
    const sample: Sample = { at: Date.now() - started, requests: load.counts().total, rssMb: window.rss / 1e6, lagP99Ms: window.lagP99, lagMaxMs: window.lagMax };
    [window.lagP99, window.lagMax] = [0, 0];
    samples.push(sample);
    console.log(`  ${(sample.at / 1000).toFixed(0).padStart(5)} s  ${String(sample.requests).padStart(8)} requests  RSS ${sample.rssMb.toFixed(1)} MB  lag p99 ${sample.lagP99Ms.toFixed(1)} ms (max ${sample.lagMaxMs.toFixed(1)})  ${JSON.stringify(load.counts())}`);
  }
  await load.stop();
  const heapAtEnd = await heapAfterGc('end');
  await gateway.request('POST', '/__mock/reset', {});
  const heapAfterReset = await heapAfterGc('after-reset');
  // The gateway drains and releases its leases on SIGTERM: its directory goes once it has exited.
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
  receiver.close();
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
  // The first minute is warm-up (JIT, caches, pools filling): the slope is taken after it.
  const steady = samples.filter((s) => s.at >= 60_000);
  const fitted = steady.length >= 2 ? { samples: steady, over: 'after the first minute' } : { samples, over: 'over the whole run (too short to leave out the first minute)' };
  const fit = slope(fitted.samples);
  const lag = samples.map((s) => s.lagP99Ms).sort((a, b) => a - b);
  console.log(
    [
      `soak: ${store}, ${minutes} min, ${load.counts().total} requests (${(load.counts().total / (minutes * 60)).toFixed(0)}/s), ${load.counts().failed} failed`,
      `  RSS: ${samples[0]?.rssMb.toFixed(1)} → ${samples.at(-1)?.rssMb.toFixed(1)} MB; slope ${fitted.over}: ${fit.toFixed(2)} MB per 100,000 requests`,
      `  heap after a full GC: ${heapAtStart.toFixed(1)} MB at the start, ${heapAtEnd.toFixed(1)} MB at the end, ${heapAfterReset.toFixed(1)} MB after POST /__mock/reset`,
      `  event-loop lag: median of the samples' p99 ${lag[Math.floor(lag.length / 2)]?.toFixed(1) ?? '-'} ms, worst p99 ${lag.at(-1)?.toFixed(1) ?? '-'} ms, max ${Math.max(...samples.map((s) => s.lagMaxMs)).toFixed(1)} ms`,
    ].join('\n'),
  );
}

await main();
