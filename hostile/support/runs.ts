/**
 * How hard to fuzz. `pnpm test` (CI) runs every property a few times (HOSTILE_RUNS unset:
 * 50 runs); `pnpm test:hostile` runs them in full (2000 runs, hostile/vitest.config.ts).
 * HOSTILE_SEED replays a failure; fast-check prints the seed and path of every counterexample.
 *
 * With HOSTILE_REPORT set (the full run), each property appends its name, runs and duration
 * to .hostile/properties.jsonl; hostile/global-setup.ts turns that into the summary the
 * README quotes.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import fc from 'fast-check';

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export const RUNS = positiveInt(process.env.HOSTILE_RUNS, 50);
const SEED = process.env.HOSTILE_SEED === undefined ? undefined : Number(process.env.HOSTILE_SEED);
export const REPORT_DIR = '.hostile';

/**
 * A per-test timeout that grows with the number of runs. `msPerRun` is several times what a
 * run takes on an idle machine: the timeout only has to catch a hang, never a busy CI box.
 */
export function budget(msPerRun: number, fixedMs = 60_000): number {
  return fixedMs + RUNS * msPerRun;
}

/** fc.assert with the suite's settings, recording the property for the summary. */
export async function checkProperty<Ts extends [unknown, ...unknown[]]>(
  name: string,
  property: fc.IAsyncPropertyWithHooks<Ts>,
  options: { runs?: number } = {},
): Promise<void> {
  const numRuns = options.runs ?? RUNS;
  const started = performance.now();
  statusCounts = {};
  const details = await fc.check(property, { numRuns, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true });
  if (details.failed) throw new Error(describeFailure(name, details));
  record({ kind: 'property', name, runs: numRuns, ms: Math.round(performance.now() - started), statuses: statusCounts });
}

/** HTTP statuses the current property's requests got: shows how deep the fuzzer reaches. */
let statusCounts: Record<string, number> = {};
export function countStatus(status: number): void {
  statusCounts[status] = (statusCounts[status] ?? 0) + 1;
}

/**
 * A failure report that stays readable when the counterexample holds 100k-character strings:
 * long runs of one character or one short pattern are written as `‹pattern × count›`.
 */
export function describeFailure<Ts>(name: string, details: fc.RunDetails<Ts>): string {
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const example = compress(fc.stringify(details.counterexample));
  return [
    `Property "${name}" failed after ${details.numRuns} run(s) (seed ${details.seed}, path "${details.counterexamplePath ?? ''}"; replay with HOSTILE_SEED=${details.seed}).`,
    `Cause: ${compress(cause)}`,
    `Counterexample: ${example.length > 4000 ? `${example.slice(0, 4000)}…` : example}`,
  ].join('\n');
}

export function compress(text: string): string {
  return text.replace(/(.{1,6}?)\1{15,}/gsu, (run, unit: string) => `‹${unit} × ${run.length / unit.length}›`);
}

/** Records a named regression case or a scenario (not a property) for the summary. */
export function recordCase(kind: 'regression' | 'scenario', name: string, ms: number): void {
  record({ kind, name, runs: 1, ms: Math.round(ms) });
}

function record(entry: { kind: string; name: string; runs: number; ms: number; statuses?: Record<string, number> }): void {
  if (!process.env.HOSTILE_REPORT) return;
  mkdirSync(REPORT_DIR, { recursive: true });
  appendFileSync(`${REPORT_DIR}/properties.jsonl`, `${JSON.stringify(entry)}\n`);
}
