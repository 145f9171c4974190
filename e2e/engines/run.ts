/**
 * `pnpm test:engines [--engine webkit|firefox|chromium]...`: the cross-engine suite in the
 * engines named (all three by default; ENGINES=webkit,firefox works too). Other arguments go
 * to vitest.
 */
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const engines: string[] = [];
const rest: string[] = [];
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i]!;
  if (arg === '--engine') engines.push(args[++i] ?? '');
  else if (arg.startsWith('--engine=')) engines.push(arg.slice('--engine='.length));
  else rest.push(arg);
}
const known = ['webkit', 'firefox', 'chromium'];
const unknown = engines.flatMap((e) => e.split(',')).filter((e) => !known.includes(e));
if (unknown.length) {
  console.error(`unknown engine ${unknown.join(', ')}: use ${known.join(', ')}`);
  process.exit(2);
}
const env = engines.length ? { ...process.env, ENGINES: engines.join(',') } : process.env;
const run = spawnSync('vitest', ['run', '--config', 'e2e/engines/vitest.config.ts', ...rest], { stdio: 'inherit', env, shell: false });
process.exit(run.status ?? 1);
