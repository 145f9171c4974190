/**
 * `pnpm bench [--only a,b] [--runs N] [--mobile-runs N] [--keystrokes N] [--duration S] [--windows N]`:
 * the project's measured figures, each beside its target with PASS or FAIL, and the
 * per-request bytes on the wire of a card mount and of the hosted page. Sections:
 *   gateway          authorize throughput vs the RSA bound, status latency under the load
 *   embedded-fields  card mount bytes, mount → ready vs an empty iframe, keystroke → onChange, submit
 *   hosted-page      first-load bytes, navigation → interactive card field
 *   split-fields     split fields (a frame per field) vs the one-frame card, both mounted as the script loads
 *   components       (only with --only) what each component downloads until ready
 *   e2e              (only with --only) the Playwright suite's wall time with 1 and 2 workers
 *   replicas         (only with --only; --records N) authorize through HAProxy with 1 and 2 gateway
 *                    replicas on Postgres, and session create at N stored transactions ÷ empty
 *   store            (only with --only; --records N, default 1,000,000) session-create and
 *                    authorize throughput on an empty store and a full one, memory and embedded
 *   leak-guard       (only with --only; --cycles N, default 500) each component mounted and
 *                    unmounted N times in one page: the heap after cycle 50 and every 100; the
 *                    card frame's heap over 10,000 edits
 * Browser sections run first and the authorize load last; each waits for idle CPUs first
 * (support/quiet.ts), and what it found is in the report.
 * Writes bench/results/latest.json (a partial run keeps the other sections' last figures).
 * The merchant page runs on http://localhost, the gateway on http://127.0.0.1: two sites.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { benchE2eWallTime } from './e2e-wall-time';
import { benchEmbeddedFields, type CardMountResult, type MobilePairs } from './embedded-fields';
import { benchComponentMounts } from './embedded-fields-components';
import { benchSplitMount, type SplitMountResult } from './embedded-fields-split';
import { benchAuthorize, type AuthorizeBench } from './gateway-authorize';
import { benchReplicas, type ReplicasBench } from './gateway-replicas';
import { benchStore, type StoreBench } from './gateway-store';
import { benchHostedPage, type HostedPageResult } from './hosted-page';
import { benchLeakGuard, type LeakGuardBench } from './leak-guard';
import { waitForQuiet, type Quiet } from './support/quiet';
import { describeSpread, round1 } from './support/stats';
import type { WireTotal } from './support/wire';

const RESULTS = 'bench/results/latest.json';
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const DEFAULT_SECTIONS = ['gateway', 'embedded-fields', 'hosted-page', 'split-fields'];

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    only: { type: 'string' },
    runs: { type: 'string', default: '15' },
    'mobile-runs': { type: 'string', default: '9' },
    keystrokes: { type: 'string', default: '60' },
    duration: { type: 'string', default: '10' },
    windows: { type: 'string', default: '3' },
    records: { type: 'string', default: '1000000' },
    cycles: { type: 'string', default: '500' },
  },
});
const sections = values.only ? values.only.split(',') : DEFAULT_SECTIONS;
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');

interface Results {
  date: string;
  command: string;
  machine: { cores: number; model: string; node: string; loadavg_at_start: number[]; loadavg_at_end?: number[] };
  gateway?: AuthorizeBench;
  embedded_fields?: CardMountResult;
  hosted_page?: HostedPageResult;
  split_fields?: SplitMountResult;
  components?: unknown;
  e2e_wall_time?: unknown;
  store?: StoreBench;
  replicas?: ReplicasBench;
  leak_guard?: LeakGuardBench;
  figures?: Figure[];
  /** When each section last ran, and the machine's load then (partial runs mix sections). */
  ran?: Record<string, { date: string; loadavg: number[]; quiet_before?: Quiet }>;
}

interface Figure {
  figure: string;
  value: number;
  unit: string;
  target: string;
  pass: boolean | null;
  beside: string;
}

const previous = existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Results) : undefined;
const results: Results = {
  ...previous,
  date: new Date().toISOString(),
  command: `pnpm bench${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
  machine: {
    cores: availableParallelism(),
    model: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadavg_at_start: loadavg().map((n) => Math.round(n * 100) / 100),
  },
};
console.log(`${results.command}: ${results.machine.cores} cores (${results.machine.model}), load average ${results.machine.loadavg_at_start.join(' / ')}`);

// Browser timings first, on a machine that has been idle; the authorize load (both cores
// busy for half a minute) last. Each section waits for the CPUs to be idle (support/quiet.ts).
const quietBefore: Record<string, Quiet> = {};
const settle = async (section: string) => {
  quietBefore[section] = await waitForQuiet();
  const { idle_share: idle, waited_s: waited } = quietBefore[section];
  console.log(`${section}: CPUs ${Math.round(idle * 100)} % idle${waited > 1 ? ` after waiting ${waited} s` : ''}`);
};
if (sections.includes('embedded-fields')) {
  await settle('embedded-fields');
  console.log(`embedded-fields: card mount (cross-site) in Chromium, ${runs} alternated runs…`);
  results.embedded_fields = await benchEmbeddedFields({ runs, keystrokes: Number(values.keystrokes), mobileRuns: Number(values['mobile-runs']) });
}
if (sections.includes('hosted-page')) {
  await settle('hosted-page');
  console.log(`hosted-page: first load and card field in Chromium, ${runs} runs…`);
  results.hosted_page = await benchHostedPage({ runs, mobileRuns: Number(values['mobile-runs']) });
}
if (sections.includes('split-fields')) {
  await settle('split-fields');
  console.log(`split-fields: split fields vs the one-frame card, mounted as the script loads, ${runs} + ${values['mobile-runs']} mobile alternated runs…`);
  results.split_fields = await benchSplitMount({ runs, mobileRuns: Number(values['mobile-runs']) });
}
if (sections.includes('components')) {
  await settle('components');
  console.log('components: what each Embedded Fields component downloads until ready…');
  results.components = await benchComponentMounts({ runs });
}
if (sections.includes('gateway')) {
  await settle('gateway');
  console.log(`gateway: authorize, frictionless card, ${values.duration} s × ${values.windows} windows, with the RSA bound and a status probe…`);
  results.gateway = await benchAuthorize({ durationS: Number(values.duration), connections: 10, windows: Number(values.windows) });
  const broken = results.gateway.windows.filter((w) => w.lost_transactions > 0 || w.doubled_references > 0);
  if (broken.length > 0) throw new Error(`gateway bench: lost or doubled transactions ${JSON.stringify(broken)}`);
}
if (sections.includes('store')) {
  await settle('store');
  console.log(`store: session-create and authorize throughput, empty and with ${values.records} transactions, memory and embedded…`);
  results.store = await benchStore({ records: Number(values.records), durationS: Number(values.duration) });
}
if (sections.includes('replicas')) {
  await settle('replicas');
  console.log(`replicas: two gateway replicas on Postgres behind HAProxy; authorize with 1 and 2 replicas, session create empty and at ${values.records} transactions…`);
  results.replicas = await benchReplicas({ records: Number(values.records), durationS: Number(values.duration) });
}
if (sections.includes('leak-guard')) {
  await settle('leak-guard');
  console.log(`leak-guard: each component mounted and unmounted ${values.cycles} times in one page, then 10,000 edits in the card frame…`);
  results.leak_guard = await benchLeakGuard({ cycles: Number(values.cycles) });
}
if (sections.includes('e2e')) {
  await settle('e2e');
  console.log('e2e: the whole Playwright suite with 1 and 2 workers…');
  results.e2e_wall_time = benchE2eWallTime();
}
results.machine.loadavg_at_end = loadavg().map((n) => Math.round(n * 100) / 100);
results.ran = { ...previous?.ran };
for (const section of sections) results.ran[section] = { date: results.date, loadavg: results.machine.loadavg_at_start, quiet_before: quietBefore[section] };
results.figures = [...figures(results), ...splitFieldFigures(results.split_fields)];

const printWire = (title: string, wire: WireTotal) => {
  console.log(`\n${title}: ${kB(wire.wire_bytes)} on the wire, ${wire.requests} requests`);
  console.table(wire.files.map((f) => ({ request: f.path, status: f.status, encoding: f.encoding, headers: f.header_bytes, body: f.body_bytes, 'on the wire': f.wire_bytes })));
};
if (results.embedded_fields) {
  printWire('card mount a second after the script, until ready', results.embedded_fields.card_mount_wire);
  printWire('card mount as the script loads, until ready', results.embedded_fields.card_mount_wire_at_once);
  printWire('card frame, after ready until the network is idle (not in the figure)', results.embedded_fields.after_ready_wire);
}
if (results.hosted_page) printWire('hosted page, first load', results.hosted_page.first_load_wire);
console.log('');
console.table(Object.fromEntries(results.figures.map((f) => [f.figure, { value: `${f.value} ${f.unit}`, target: f.target, result: f.pass === null ? '' : f.pass ? 'PASS' : 'FAIL', beside: f.beside }])));

mkdirSync('bench/results', { recursive: true });
writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written to ${RESULTS}`);

/** Split fields (issue 44): ready and bytes against the one-frame card, both mounted as the script loads. */
function splitFieldFigures(split: SplitMountResult | undefined): Figure[] {
  if (!split) return [];
  const ready = (figure: string, pairs: SplitMountResult['loopback'], extra = ''): Figure => ({
    figure,
    value: pairs.ratio_of_medians,
    unit: '×',
    target: '≤ 1.3',
    pass: pairs.ratio_of_medians <= 1.3,
    beside: `median split ÷ median one-frame mount; split ${describeSpread(pairs.split_ms, 'ms')}; one frame ${describeSpread(pairs.card_ms, 'ms')}${extra}`,
  });
  const { card, split: fields, ratio } = split.wire;
  return [
    ready('split fields ready ÷ one-frame card, mounted as the script loads, loopback', split.loopback),
    ready('split fields ready ÷ one-frame card, mounted as the script loads, mobile network', split.mobile_network, `; ${split.mobile_network.profile}`),
    ...(split.floor
      ? [
          {
            figure: 'the floor of three frames: three empty gateway iframes ÷ one, appended as the script loads, loopback',
            value: split.floor.ratio_of_medians,
            unit: '×',
            target: '',
            pass: null,
            beside: `three ${describeSpread(split.floor.three_ms, 'ms')}; one ${describeSpread(split.floor.one_ms, 'ms')}; three empty iframes ÷ the one-frame card ${split.floor.three_over_card}×; split fields ÷ three empty iframes ${split.floor.split_over_three}×`,
          },
        ]
      : []),
    {
      figure: 'split fields on the wire until ready ÷ one-frame card, mounted as the script loads',
      value: ratio,
      unit: '×',
      target: '≤ 1.25',
      pass: ratio <= 1.25,
      beside: `split ${kB(fields.wire_bytes)} in ${fields.requests} requests; one frame ${kB(card.wire_bytes)} in ${card.requests} requests (counted on the mobile network, cold)`,
    },
  ];
}

function figures(r: Results): Figure[] {
  const out: Figure[] = [];
  // A section whose last figures predate today's fields is left out until it runs again.
  const ef = r.embedded_fields?.loopback_after_script?.after_100ms?.ratio_of_medians !== undefined ? r.embedded_fields : undefined;
  const hpp = r.hosted_page?.mobile_network?.ratio_of_medians !== undefined ? r.hosted_page : undefined;
  const gw = r.gateway;
  if (ef) {
    const later = ef.card_mount_wire.wire_bytes / 1000;
    const atOnce = ef.card_mount_wire_at_once.wire_bytes / 1000;
    const most = Math.max(...ef.wire_bytes_per_run) / 1000;
    out.push({ figure: 'card mount on the wire, mounted a second after the script', value: round1(later), unit: 'kB', target: '≤ 25 kB', pass: most <= 25 && later <= 25, beside: `${ef.card_mount_wire.requests} requests arrived by ready (counted on the mobile network); + ${kB(ef.after_ready_wire.wire_bytes)} after ready; every mobile run, either case: ${kB(Math.min(...ef.wire_bytes_per_run))}–${kB(Math.max(...ef.wire_bytes_per_run))}` });
    out.push({ figure: 'card mount on the wire, mounted as the script loads', value: round1(atOnce), unit: 'kB', target: '≤ 25 kB', pass: atOnce <= 25, beside: `${ef.card_mount_wire_at_once.requests} requests arrived by ready (counted on the mobile network)` });
  }
  if (hpp) {
    const load = hpp.first_load_wire.wire_bytes / 1000;
    out.push({ figure: 'hosted page first load on the wire', value: round1(load), unit: 'kB', target: '≤ 30 kB', pass: load <= 30, beside: `${hpp.first_load_wire.requests} requests` });
  }
  if (ef) {
    // Each frame on a page of its own: the median mount ÷ the median empty iframe, overall and
    // within each order, all three within the target (MobilePairs.ratio_of_medians).
    const ratioRow = (figure: string, pairs: MobilePairs, target: number, extra = '') => ({
      figure,
      value: pairs.ratio_of_medians,
      unit: '×',
      target: `≤ ${target}`,
      pass: pairs.ratio_of_medians <= target && pairs.ratio_of_medians_by_order.empty_iframe_first <= target && pairs.ratio_of_medians_by_order.card_first <= target,
      beside: `median mount ÷ median iframe; mount ${describeSpread(pairs.mount_to_ready_ms, 'ms')}; iframe ${describeSpread(pairs.empty_iframe_ms, 'ms')}; by order: empty iframe first ${pairs.ratio_of_medians_by_order.empty_iframe_first}, card first ${pairs.ratio_of_medians_by_order.card_first}; each run's own ratio, median ${pairs.ready_ratio.median} (p25–p75 ${pairs.ready_ratio.p25}–${pairs.ready_ratio.p75}; by order ${pairs.ready_ratio_by_order.empty_iframe_first.median} and ${pairs.ready_ratio_by_order.card_first.median})${extra}`,
    });
    out.push(ratioRow('mount → ready ÷ empty gateway iframe, mounted as the script loads, loopback (cold, cross-site)', ef.loopback_at_once, 1.3));
    const m = ef.mobile_network;
    out.push(ratioRow('the same on the mobile network, mounted as the script loads', m.at_once, 1.3, `; ${m.profile}`));
    // Most merchants mount 50–400 ms after the script (their session fetched, their framework hydrated).
    for (const [gap, label] of [['after_100ms', '100 ms'], ['after_400ms', '400 ms']] as const) {
      out.push(ratioRow(`mount → ready ÷ empty gateway iframe, mounted ${label} after the script, loopback (cold, cross-site)`, ef.loopback_after_script[gap], 1.3));
      out.push(ratioRow(`the same on the mobile network, mounted ${label} after the script`, m[gap], 1.3, `; ${m.profile}`));
    }
    out.push({
      figure: 'mount → ready ÷ empty gateway iframe, mounted later (CPUs idle after the script), loopback (cold, cross-site)',
      value: ef.ready_ratio.cold.median,
      unit: '×',
      target: '≤ 1.5',
      pass: ef.ready_ratio.cold.median <= 1.5,
      beside: `mount ${describeSpread(ef.mount_to_ready_ms.cold, 'ms')}; iframe ${ef.empty_iframe_ms.cold.median} ms; both on one page; by order: empty iframe first ${ef.ready_ratio.cold_by_order.empty_iframe_first.median}, card first ${ef.ready_ratio.cold_by_order.card_first.median}; warm ratio ${ef.ready_ratio.warm.median} (${ef.mount_to_ready_ms.warm.median} / ${ef.empty_iframe_ms.warm.median} ms)`,
    });
    out.push(ratioRow('the same on the mobile network, mounted 1 s after the script', m.after_1s, 1.5));
    const k = ef.keystroke_to_onchange_ms;
    // Judged as a ratio in one run (issue #43): the 4× throttle busy-waits each throttled
    // renderer, so an absolute p95 moves with whatever else the machine runs; the plain input
    // of the same page, at the same throttle, meets the same machine.
    const plain = ef.plain_frame_keystroke_ms.throttled_4x;
    const keyRatio = Math.round((k.throttled_4x.p95 / plain.p95) * 100) / 100;
    out.push({ figure: 'keystroke → onChange p95 ÷ a plain input\'s, 4× CPU throttle, same run', value: keyRatio, unit: '×', target: '≤ 1', pass: keyRatio <= 1, beside: `card p95 ${k.throttled_4x.p95} ms (median ${k.throttled_4x.median}; reported, not judged), the plain input in a cross-site frame posting each input to the page over a MessagePort p95 ${plain.p95} ms (median ${plain.median}); from the key event; unthrottled p95 ${k.unthrottled.p95} ms (median ${k.unthrottled.median}); from the automation's key press (+ DevTools round trip) p95 ${k.throttled_4x.from_dispatch.p95} / ${k.unthrottled.from_dispatch.p95} ms; of the throttled figure, the frame's beforeinput → onChange p95 ${k.throttled_4x.from_beforeinput.p95} ms (median ${k.throttled_4x.from_beforeinput.median}) and the browser's key event → beforeinput p95 ${k.throttled_4x.key_to_beforeinput.p95} ms (median ${k.throttled_4x.key_to_beforeinput.median}); the input event came p95 ${k.throttled_4x.input_after_onchange.p95} ms (median ${k.throttled_4x.input_after_onchange.median}) after onChange; ${k.throttled_4x.runs} keys each` });
  }
  if (gw) {
    const pct = gw.percent_of_rsa_bound;
    out.push({
      figure: 'card authorize throughput, % of the RSA bound',
      value: pct.median,
      unit: '%',
      target: '≥ 80 %',
      pass: pct.median >= 80,
      beside: `${gw.requests_per_second.median} req/s on ${gw.rsa_bound.cores} cores (${Math.round(gw.requests_per_second.median / gw.rsa_bound.cores)}/core; min–max ${gw.requests_per_second.min}–${gw.requests_per_second.max}, ${gw.windows.length} windows); bound ${gw.rsa_bound.authorize_per_s}/s = ${gw.rsa_bound.decrypts_per_s_one_core} decrypts/s of one core ÷ ${gw.rsa_bound.decrypts_per_authorize}; ${gw.percent_of_all_cores_bound?.median ?? '–'} % of the ${gw.rsa_bound.cores}-core ceiling (${gw.rsa_bound.authorize_per_s_all_cores ?? '–'}/s)`,
    });
    out.push({ figure: 'status p99 under authorize load', value: gw.status_under_load_ms.p99, unit: 'ms', target: '< 20 ms', pass: gw.status_under_load_ms.p99 < 20, beside: `p50 ${gw.status_under_load_ms.p50} ms, ${gw.status_under_load_ms.samples} samples; idle p99 ${gw.status_idle_ms.p99} ms` });
  }
  if (r.store) {
    const st = r.store;
    for (const kind of ['memory', 'embedded'] as const) {
      const k = st[kind];
      for (const [figure, key] of [['session create', 'sessions_per_s'], ['card authorize', 'authorize_per_s']] as const) {
        out.push({
          figure: `${figure} at ${k.records_at_full.toLocaleString('en-US')} transactions ÷ empty, ${kind} store`,
          value: k.ratio[key],
          unit: '×',
          target: '≥ 0.8',
          pass: k.ratio[key] >= 0.8,
          beside: `${k.full[key]}/s against ${k.empty[key]}/s empty; ${st.duration_s} s each${kind === 'memory' ? `; gateway RSS ${k.rss_mb_at_full} MB at that size` : ''}; seeded through the store in ${k.seed_s} s`,
        });
      }
    }
  }
  if (r.replicas) {
    const rp = r.replicas;
    out.push({
      figure: 'card authorize through the balancer, 2 replicas ÷ 1 replica',
      value: Math.round((rp.authorize_per_s.two_replicas / rp.authorize_per_s.one_replica) * 100) / 100,
      unit: '×',
      target: '',
      pass: null,
      beside: `${rp.authorize_per_s.two_replicas}/s against ${rp.authorize_per_s.one_replica}/s; Postgres, HAProxy, the replicas and the load generator on the same ${rp.cores} cores; ${rp.duration_s} s each`,
    });
    out.push({
      figure: `session create at ${rp.sessions_per_s.records_at_full.toLocaleString('en-US')} transactions ÷ empty, 2 replicas on Postgres`,
      value: rp.sessions_per_s.ratio,
      unit: '×',
      target: '≥ 0.8',
      pass: rp.sessions_per_s.ratio >= 0.8,
      beside: `${rp.sessions_per_s.full}/s against ${rp.sessions_per_s.empty}/s empty; ${rp.cores} cores; seeded through the store in ${rp.sessions_per_s.seed_s} s`,
    });
  }
  if (r.leak_guard) {
    const lg = r.leak_guard;
    for (const c of lg.components) {
      const mb = (bytes: number) => (bytes / 1e6).toFixed(3);
      out.push({
        figure: `${c.name}: heap growth per mount / unmount cycle, cycle 50 → ${lg.cycles}`,
        value: c.bytes_per_cycle_after_50,
        unit: 'B',
        target: '< 1,000 B',
        pass: c.bytes_per_cycle_after_50 < 1_000 && c.samples.at(-1)!.iframes + c.samples.at(-1)!.detached_iframes + c.samples.at(-1)!.message_listeners + c.samples.at(-1)!.pending_timers.length === 0,
        beside: `heap (MB) ${c.samples.map((s) => `${s.cycle}: ${mb(s.heap_bytes)}`).join(', ')}; after the last: ${c.samples.at(-1)!.iframes} iframes, ${c.samples.at(-1)!.detached_iframes} detached, ${c.samples.at(-1)!.message_listeners} message listeners, ${c.samples.at(-1)!.pending_timers.length} timers of ours`,
      });
    }
    const edits = lg.card_frame_edits;
    out.push({ figure: 'card frame heap, 10,000 edits ÷ 2,000 edits', value: Math.round((edits.at(-1)!.heap_bytes / edits[0]!.heap_bytes) * 100) / 100, unit: '×', target: '', pass: null, beside: `frame heap (MB) ${edits.map((e) => `${e.edits}: ${(e.heap_bytes / 1e6).toFixed(3)}`).join(', ')}` });
  }
  if (ef) out.push({ figure: 'submitPayment → callback, frictionless', value: ef.submit_to_callback_ms.median, unit: 'ms', target: '', pass: null, beside: describeSpread(ef.submit_to_callback_ms, 'ms') });
  if (hpp) {
    out.push({ figure: 'hosted page: navigation → interactive card field ÷ empty gateway page, cold, loopback', value: hpp.cold_ratio.median, unit: '×', target: '≤ 2', pass: hpp.cold_ratio.median <= 2, beside: `page ${describeSpread(hpp.card_field_interactive_ms.cold, 'ms')}; empty page ${hpp.empty_page_load_ms.cold.median} ms; warm ${hpp.card_field_interactive_ms.warm.median} / ${hpp.empty_page_load_ms.warm.median} ms` });
    const hm = hpp.mobile_network;
    out.push({ figure: 'the same on the mobile network', value: hm.ratio_of_medians, unit: '×', target: '≤ 2', pass: hm.ratio_of_medians <= 2, beside: `median page ÷ median empty page; page ${describeSpread(hm.card_field_interactive_ms, 'ms')}; empty page ${hm.empty_page_load_ms.median} ms; each run's own ratio, median ${hm.ratio.median}; ${hm.profile}` });
  }
  return out;
}

