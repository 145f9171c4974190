/**
 * The bare test shop (test-merchant-server.ts) in a child process, for scripts outside
 * Playwright's webServer (benchmarks, screenshots): started on `port`, serving `pagesDir`
 * (e2e/pages by default), and ready once its /health answers.
 */
import { spawn } from 'node:child_process';

export interface TestShopProcess {
  origin: string;
  stop(): void;
}

export async function startTestShop(port: number, pagesDir?: string): Promise<TestShopProcess> {
  const args = ['tsx', 'e2e/support/test-merchant-server.ts', String(port), ...(pagesDir ? [pagesDir] : [])];
  const child = spawn('npx', args, { stdio: 'ignore', detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  const origin = `http://localhost:${port}`;
  try {
    await waitForHealth(`${origin}/health`);
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, stop };
}

async function waitForHealth(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}
