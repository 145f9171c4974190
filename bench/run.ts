/**
 * `pnpm bench`: the project's measured figures. Each section prints a table and the whole
 * run is written to .bench/results.json; the README quotes the latest run.
 * `pnpm bench -- --only gateway` runs one section.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { benchE2eWallTime } from './e2e-wall-time';
import { benchEmbeddedFields } from './embedded-fields';
import { benchAuthorize } from './gateway-authorize';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
// A partial run (--only) updates its own sections and keeps the others' last figures.
const previous = existsSync('.bench/results.json') ? (JSON.parse(readFileSync('.bench/results.json', 'utf8')) as Record<string, unknown>) : {};
const results: Record<string, unknown> = {
  ...previous,
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
};

if (!only || only === 'gateway') {
  console.log('gateway: POST /api/transactions/authorize, frictionless card, 10 connections, 10 s…');
  const authorize = await benchAuthorize();
  results.gateway_authorize = authorize;
  console.table({
    'authorize req/s': authorize.requests_per_second,
    'latency p50 (ms)': authorize.latency_p50_ms,
    'latency p99 (ms)': authorize.latency_p99_ms,
    'non-2xx': authorize.non_2xx,
    errors: authorize.errors,
    // Requests still in flight when the window closes complete after it: approved ≥ 2xx.
    'approved transactions': authorize.approved_transactions,
    '2xx responses': authorize.responses_2xx,
  });
}

if (!only || only === 'embedded-fields') {
  console.log('embedded-fields: sizes, mount, keystroke, submit in Chromium…');
  const ef = await benchEmbeddedFields();
  results.embedded_fields = ef;
  console.table({
    'embedded-fields.js (raw / gzip / brotli bytes)': `${ef.script.raw} / ${ef.script.gzip} / ${ef.script.brotli}`,
    'everything a card mount loads': `${ef.card_mount.raw} / ${ef.card_mount.gzip} / ${ef.card_mount.brotli}`,
    'mount() → ready, cold / warm median (ms)': `${ef.mount_to_ready_ms.cold} / ${ef.mount_to_ready_ms.warm_median}`,
    'empty iframe from the gateway, warm median (ms)': ef.empty_iframe_ms.warm_median,
    'keystroke → onChange, median / max (ms)': `${ef.keystroke_to_onchange_ms.median} / ${ef.keystroke_to_onchange_ms.max}`,
    'plain <input> keystroke → input event, median (ms)': ef.plain_input_keystroke_ms.median,
    'submitPayment → callback, frictionless, median (ms)': ef.submit_to_callback_ms.frictionless_median,
  });
}

if (!only || only === 'e2e') {
  console.log('e2e: the whole Playwright suite with 1 and 2 workers…');
  const times = benchE2eWallTime();
  results.e2e_wall_time = times;
  console.table(Object.fromEntries(times.map((t) => [`${t.workers} worker(s)`, `${t.seconds} s (${t.passed} passed, ${t.failed} failed)`])));
}

mkdirSync('.bench', { recursive: true });
writeFileSync('.bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
console.log('written to .bench/results.json');
