/**
 * `pnpm gateway` in its own process on free ports (the load generator and the browser must
 * not share its event loop), for the bench. The URL is the one it prints once listening.
 */
import { spawn } from 'node:child_process';

export interface GatewayProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * `bundles`: an Embedded Fields build to serve instead of the workspace's (the gateway's --bundles).
 * `args`: more of the gateway's flags (`--data DIR`, `--snapshot FILE`).
 */
export async function startGatewayProcess({ bundles, args: extra = [] }: { bundles?: string; args?: string[] } = {}): Promise<GatewayProcess> {
  // --blank-frame: /frames/blank, the empty gateway document the bench measures the card against.
  const args = ['--filter', '@payments/mock-gateway', 'start', '--port', '0', '--no-build', '--blank-frame', ...(bundles ? ['--bundles', bundles] : []), ...extra];
  const child = spawn('pnpm', args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/\S+)/.exec(output);
      if (listening) resolve(listening[1]!);
    });
  });
  child.stdout.resume();
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}
