/** Runs `pnpm gateway` in a child process on a given port, for benchmarks. */
import { spawn } from 'node:child_process';

export interface GatewayProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startGatewayProcess(port: number): Promise<GatewayProcess> {
  const child = spawn('pnpm', ['--filter', '@payments/mock-gateway', 'start', '--port', String(port), '--no-build'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening on')) resolve();
    });
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}
