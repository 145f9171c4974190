/**
 * `pnpm bench`: the project's measured figures. Each section prints a table and the whole
 * run is written to .bench/results.json; the README quotes the latest run.
 * `pnpm bench -- --only gateway` runs one section.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { benchE2eWallTime } from './e2e-wall-time';
import { benchEmbeddedFields } from './embedded-fields';
import { benchComponentMounts } from './embedded-fields-components';
import { benchAuthorize } from './gateway-authorize';
import { benchHostedPage } from './hosted-page';

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
    'unanswered at window close': authorize.unanswered_at_close,
    // Every 2xx answer's transaction stored APPROVED, no reference charged twice (both must be 0).
    'lost transactions': authorize.lost_transactions,
    'doubled references': authorize.doubled_references,
  });
  if (authorize.lost_transactions > 0 || authorize.doubled_references > 0) {
    throw new Error(`gateway bench: ${authorize.lost_transactions} lost transactions, ${authorize.doubled_references} doubled references`);
  }
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

if (!only || only === 'components') {
  console.log('embedded-fields components: what each adds to a mount, in Chromium…');
  const mounts = await benchComponentMounts();
  results.embedded_fields_components = mounts;
  const bytes = (s: { raw: number; gzip: number; brotli: number }) => `${s.raw} / ${s.gzip} / ${s.brotli}`;
  console.table(
    Object.fromEntries(
      mounts.map((m) => [
        m.component,
        { 'loads (raw / gzip / brotli)': bytes(m.loads), 'adds over card': bytes(m.adds_over_card), 'mount → ready, warm median (ms)': m.mount_to_ready_ms.warm_median },
      ]),
    ),
  );
}

if (!only || only === 'hosted-page') {
  console.log('hosted-page: what the page loads, and navigation → interactive card field, in Chromium…');
  const hpp = await benchHostedPage();
  results.hosted_page = hpp;
  console.table({
    'everything the page loads (raw / gzip / brotli bytes)': `${hpp.page_loads.raw} / ${hpp.page_loads.gzip} / ${hpp.page_loads.brotli} (${hpp.page_loads.requests} requests)`,
    'navigation → interactive card field, cold / warm median (ms)': `${hpp.card_field_interactive_ms.cold} / ${hpp.card_field_interactive_ms.warm_median}`,
    'empty page from the gateway: bytes, load cold / warm median (ms)': `${hpp.empty_page.bytes} B, ${hpp.empty_page.load_ms.cold} / ${hpp.empty_page.load_ms.warm_median}`,
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
