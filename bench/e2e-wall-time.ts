/**
 * The e2e suite's wall time with one and with two Playwright workers (each worker runs its
 * own mock gateway, so the suite parallelizes). Bundles are built once before.
 */
import { spawnSync } from 'node:child_process';

export interface WallTime {
  workers: number;
  seconds: number;
  passed: number;
  failed: number;
}

function run(workers: number): WallTime {
  const started = performance.now();
  const result = spawnSync('npx', ['playwright', 'test', '--workers', String(workers), '--reporter', 'line'], {
    encoding: 'utf8',
    env: { ...process.env, CI: '' },
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const output = `${result.stdout}\n${result.stderr}`;
  const passed = Number(/(\d+) passed/.exec(output)?.[1] ?? 0);
  const failed = Number(/(\d+) failed/.exec(output)?.[1] ?? 0);
  return { workers, seconds, passed, failed };
}

export function benchE2eWallTime(): WallTime[] {
  const build = spawnSync('pnpm', ['build'], { stdio: 'ignore' });
  if (build.status !== 0) throw new Error('pnpm build failed');
  return [run(1), run(2)];
}
