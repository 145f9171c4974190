/**
 * Starts the shared sandbox for the run (shared-sandbox.ts) and hands it to the tests: the
 * QA kit's fixtures go to the balancer (PAYMENTS_GATEWAY_URL), and a small control server on
 * loopback lets a test kill, stop (SIGTERM) and start a replica, read the access logs, and stop
 * and start the replicas' Postgres (SHARED_SANDBOX_CONTROL).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSharedSandbox } from './shared-sandbox';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const sandbox = await startSharedSandbox();
  const control = createServer((request, response) => {
    void (async () => {
      const [, resource, name, action] = (request.url ?? '').split('/');
      const replica = sandbox.replicas.find((r) => r.name === name);
      if (resource === 'database') {
        if (request.method === 'POST' && name === 'pause') sandbox.database.pause();
        else if (request.method === 'POST' && name === 'resume') sandbox.database.resume();
        else if (name !== undefined) {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: sandbox.database.url, urlOf: sandbox.database.urlOf('DATABASE') }));
        return;
      }
      if (resource !== 'replicas') {
        response.writeHead(404).end();
        return;
      }
      if (!replica) {
        const all = await Promise.all(sandbox.replicas.map(async (r) => ({ name: r.name, apiPort: r.apiPort, running: r.running(), balancer: await sandbox.balancerStatus(r.name), log: r.log })));
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(all));
        return;
      }
      let exitCode: number | null | undefined;
      if (request.method === 'POST' && action === 'kill') await replica.kill();
      else if (request.method === 'POST' && action === 'stop') exitCode = await replica.stop();
      else if (request.method === 'POST' && action === 'start') await replica.start();
      else if (action !== 'status') {
        response.writeHead(404).end();
        return;
      }
      const body = { name: replica.name, apiPort: replica.apiPort, running: replica.running(), balancer: await sandbox.balancerStatus(replica.name), log: replica.log, exitCode };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  process.env.PAYMENTS_GATEWAY_URL = sandbox.url;
  process.env.SHARED_SANDBOX_CONTROL = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  return async () => {
    control.close();
    await sandbox.stop();
  };
}
