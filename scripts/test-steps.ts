/**
 * `pnpm test`: every suite, in phases. The steps of a phase run side by side, each its own
 * process: vitest runs one worker on a 2-core machine (cores - 1) and ESLint and tsc are one
 * thread each, so one step alone leaves a core idle. A phase starts when the one before it
 * passed; a failed step stops the run after its phase. A step's output is printed whole when
 * it ends (a phase of one step streams), and the run ends with each step's time.
 *
 *   tsx scripts/test-steps.ts            # all of it (pnpm test)
 *   tsx scripts/test-steps.ts --list     # the phases, without running them
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export interface Step {
  name: string;
  /** A shell command, run from the current directory. */
  command: string;
}

/** What `pnpm test` runs, in order. Build before the vitest phase: its suites serve the built bundles. */
export const PHASES: Step[][] = [
  [
    { name: 'lint', command: 'pnpm run lint' },
    { name: 'typecheck', command: 'pnpm run typecheck' },
    { name: 'build', command: 'pnpm run build' },
    // The documentation site, dead links checked: its generated pages are committed (their
    // staleness is a unit test, after the build), so it needs nothing built.
    { name: 'docs:build', command: 'pnpm run docs:build' },
  ],
  [
    { name: 'test:unit', command: 'pnpm run test:unit' },
    { name: 'test:embedded-store', command: 'pnpm run test:embedded-store' },
    { name: 'test:postgres-store', command: 'pnpm run test:postgres-store' },
  ],
  [{ name: 'playwright', command: 'pnpm exec playwright test' }],
  // The shared sandbox (its own Postgres, two replicas, HAProxy) beside the pack smoke, which
  // spends most of its time in npm installing from the registry: neither fills both cores.
  [
    { name: 'test:replicas', command: 'pnpm run test:replicas' },
    { name: 'test:pack', command: 'pnpm run test:pack' },
  ],
  [{ name: 'test:engines', command: 'pnpm run test:engines' }],
];

export interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
}

export interface RunOptions {
  /** Where the steps' output and the run's own lines go (default: process.stdout). */
  write?: (text: string) => void;
  /** While a phase of several steps runs, a line naming those still running every this many ms (default 60 s). */
  heartbeatMs?: number;
}

/** Runs `phases` in order, the steps of each side by side; resolves with the steps that ran. */
export async function runPhases(phases: Step[][], options: RunOptions = {}): Promise<StepResult[]> {
  const write = options.write ?? ((text: string) => void process.stdout.write(text));
  const results: StepResult[] = [];
  for (const phase of phases) {
    const running = new Set(phase.map((step) => step.name));
    const heartbeat =
      phase.length > 1
        ? setInterval(() => write(`test-steps: still running: ${[...running].join(', ')}\n`), options.heartbeatMs ?? 60_000)
        : undefined;
    if (phase.length > 1) write(`test-steps: ${phase.map((step) => step.name).join(' | ')} (side by side)\n`);
    try {
      const phaseResults = await Promise.all(
        phase.map(async (step) => {
          const result = await runStep(step, phase.length === 1 ? write : undefined, write);
          running.delete(step.name);
          return result;
        }),
      );
      results.push(...phaseResults);
    } finally {
      clearInterval(heartbeat);
    }
    if (results.some((result) => !result.ok)) break;
  }
  return results;
}

/** One step: streamed to `stream` when given, else buffered and written whole with its name when it ends. */
function runStep(step: Step, stream: ((text: string) => void) | undefined, write: (text: string) => void): Promise<StepResult> {
  const started = performance.now();
  if (stream) write(`\n── ${step.name}: ${step.command}\n`);
  return new Promise((resolve) => {
    // Its own process group, so an interrupted run stops the step's children too.
    const child = spawn(step.command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.add(child.pid!);
    const chunks: Buffer[] = [];
    const take = (chunk: Buffer) => (stream ? stream(chunk.toString()) : chunks.push(chunk));
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const finish = (ok: boolean, note = '') => {
      children.delete(child.pid!);
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      if (!stream) write(`\n── ${step.name}: ${step.command} (${seconds} s${ok ? '' : ', FAILED'})\n${Buffer.concat(chunks).toString()}`);
      if (note) write(`${note}\n`);
      resolve({ name: step.name, ok, seconds });
    };
    child.on('error', (error) => finish(false, `test-steps: ${step.name} did not start: ${error.message}`));
    child.on('close', (code) => finish(code === 0));
  });
}

const children = new Set<number>();

function stopChildren(): void {
  for (const pid of children) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

/** The closing table: each step's time, and which failed. */
export function summary(results: StepResult[], phases: Step[][]): string {
  const ran = new Set(results.map((result) => result.name));
  const lines = results.map((result) => `  ${result.ok ? 'ok    ' : 'FAILED'} ${result.name.padEnd(22)} ${result.seconds.toFixed(1).padStart(7)} s`);
  const skipped = phases.flat().filter((step) => !ran.has(step.name));
  if (skipped.length > 0) lines.push(`  not run (an earlier phase failed): ${skipped.map((step) => step.name).join(', ')}`);
  return `\ntest-steps:\n${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  if (process.argv.includes('--list')) {
    for (const phase of PHASES) console.log(phase.map((step) => `${step.name} (${step.command})`).join('  |  '));
    return;
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopChildren();
      process.exit(130);
    });
  }
  const started = performance.now();
  const results = await runPhases(PHASES);
  process.stdout.write(summary(results, PHASES));
  const ok = results.length === PHASES.flat().length && results.every((result) => result.ok);
  console.log(`test-steps: ${ok ? 'passed' : 'FAILED'} in ${Math.round((performance.now() - started) / 1000)} s`);
  process.exitCode = ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
