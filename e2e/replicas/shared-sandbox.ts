/**
 * The shared sandbox of README "Running a shared sandbox", on this machine instead of Docker:
 * a throwaway Postgres (Debian's `postgresql`), two gateway replicas (the built CLI, each
 * with --database-url, --public-url of the balancer and --access-log) and HAProxy (Debian's
 * `haproxy`) balancing round-robin over both, for the API and for the ACS, with health checks
 * on /health/ready. The same shape as docker-compose.yml.
 *
 * A replica can be killed with SIGKILL, stopped with SIGTERM (as a rolling restart does) and
 * started again; each one's access log is kept. Postgres can be stopped and started again
 * (`database.pause()`, `resume()`), as an operator restarting it would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from '@playwright/test';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';

const ROOT = resolve(import.meta.dirname, '../..');
// The single-file build the Docker image runs (dist/mock-gateway.mjs beside browser/, assets/, workers/).
const CLI = join(ROOT, 'packages/mock-gateway/dist/mock-gateway.mjs');

/**
 * What the replicas answered that their /openapi.json does not allow (`--contract-check`, their
 * stderr): a sandbox's stop() fails on any, so the suite that caused it fails.
 */
const contractMismatches: string[] = [];

/** Fails on what the gateway processes answered against their document since the last call. */
export function assertContractHeld(): void {
  if (contractMismatches.length > 0) throw new Error(`The gateway broke its contract (openapi.json):\n${contractMismatches.splice(0).join('\n')}`);
}

export interface Replica {
  name: string;
  apiPort: number;
  acsPort: number;
  /** Access-log lines, this run's and every earlier run's of this replica. */
  log: string[];
  running(): boolean;
  kill(): Promise<void>;
  /** SIGTERM, as a rolling restart stops it: resolves with its exit code once it has exited. */
  stop(): Promise<number | null>;
  start(): Promise<void>;
}

export interface SharedSandbox {
  /** The balancer: where browsers, merchants and QA suites go. */
  url: string;
  acsUrl: string;
  replicas: Replica[];
  /** HAProxy's view of a replica's API server: 'UP', 'DOWN', or a transition ('UP 1/2'…). */
  balancerStatus(replica: string): Promise<string>;
  /** The replicas' Postgres. */
  database: PostgresCluster;
  stop(): Promise<void>;
}

/** `snapshot`: a file the first replica starts from (`--snapshot`), before the others start. */
export async function startSharedSandbox(options: { replicas?: number; snapshot?: string } = {}): Promise<SharedSandbox> {
  const dir = mkdtempSync(join(tmpdir(), 'shared-sandbox-'));
  const database: PostgresCluster = await startPostgresCluster();
  const [balancerPort, balancerAcsPort, statsPort] = [await freePort(), await freePort(), await freePort()];
  const url = `http://127.0.0.1:${balancerPort}`;
  const acsUrl = `http://127.0.0.1:${balancerAcsPort}`;
  const replicas: Replica[] = [];
  let haproxy: ChildProcess | undefined;
  try {
    for (const name of ['a', 'b', 'c', 'd'].slice(0, options.replicas ?? 2)) {
      const seed = name === 'a' && options.snapshot !== undefined ? ['--snapshot', options.snapshot] : [];
      replicas.push(gatewayProcess(name, await freePort(), await freePort(), [...seed, '--database-url', database.url, '--public-url', url, '--public-acs-url', acsUrl]));
    }
    // One at a time: the first migrates the schema (and loads the snapshot), the others find it done.
    for (const r of replicas) await r.start();
    const config = haproxyConfig({ balancerPort, balancerAcsPort, statsPort, replicas });
    writeFileSync(join(dir, 'haproxy.cfg'), config);
    haproxy = spawn('haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let haproxyErrors = '';
    haproxy.stderr!.on('data', (chunk: Buffer) => (haproxyErrors += chunk.toString()));
    haproxy.once('exit', (code) => {
      if (code !== 0 && code !== null) console.error(`haproxy exited with ${code}: ${haproxyErrors}`);
    });
    await expect
      .poll(async () => (await fetch(`${url}/health/ready`).catch(() => null))?.status, { message: 'the balancer answers', timeout: 20_000 })
      .toBe(200);
  } catch (error) {
    haproxy?.kill('SIGKILL');
    await Promise.all(replicas.map((r) => r.kill()));
    database.stop();
    throw error;
  }

  const balancerStatus = async (name: string): Promise<string> => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const row = csv.split('\n').find((line) => line.startsWith(`gateways,${name},`));
    return row?.split(',')[17] ?? 'unknown';
  };

  return {
    url,
    acsUrl,
    replicas,
    balancerStatus,
    database,
    async stop() {
      haproxy?.kill('SIGTERM');
      await Promise.all(replicas.map((r) => r.kill()));
      database.stop();
      rmSync(dir, { recursive: true, force: true });
      assertContractHeld();
    },
  };
}

/** A gateway process of the built CLI on these ports, with these flags (a replica, or a gateway of its own). */
export function gatewayProcess(name: string, apiPort: number, acsPort: number, flags: string[]): Replica {
  let firstStart = true;
  const log: string[] = [];
  let child: ChildProcess | undefined;
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  return {
    name,
    apiPort,
    acsPort,
    log,
    running,
    async start() {
      if (running()) return;
      // A snapshot is loaded once: a restarted replica finds it in the database.
      const once = firstStart ? flags : flags.filter((flag, i) => flag !== '--snapshot' && flags[i - 1] !== '--snapshot');
      firstStart = false;
      const args = [CLI, '--no-build', '--access-log', '--contract-check', '--port', String(apiPort), '--acs-port', String(acsPort), ...once];
      const started = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
      child = started;
      let errors = '';
      started.stderr!.on('data', (chunk: Buffer) => {
        errors += chunk.toString();
        contractMismatches.push(...chunk.toString().split('\n').filter((line) => line.startsWith('contract: ')).map((line) => `${name} ${line}`));
      });
      let buffered = '';
      await new Promise<void>((resolveStart, reject) => {
        started.once('exit', (code) => reject(new Error(`replica ${name} exited with ${code}: ${errors}`)));
        started.stdout!.on('data', (chunk: Buffer) => {
          buffered += chunk.toString();
          const lines = buffered.split('\n');
          buffered = lines.pop()!;
          for (const line of lines) {
            if (/^\d{4}-\d\d-\d\dT/.test(line)) log.push(line);
            if (line.startsWith('mock-gateway listening on')) resolveStart();
          }
        });
      });
    },
    async kill() {
      const current = child;
      if (!current || !running()) return;
      const exited = new Promise((resolveExit) => current.once('exit', resolveExit));
      current.kill('SIGKILL');
      await exited;
    },
    async stop() {
      const current = child;
      if (!current || !running()) return current?.exitCode ?? null;
      const exited = new Promise<number | null>((resolveExit) => current.once('exit', (code) => resolveExit(code)));
      current.kill('SIGTERM');
      return exited;
    },
  };
}

/** Round-robin over every replica, API and ACS; a replica leaves the rotation after two failed checks 500 ms apart. */
function haproxyConfig(o: { balancerPort: number; balancerAcsPort: number; statsPort: number; replicas: Replica[] }): string {
  const servers = (port: (r: Replica) => number) =>
    o.replicas.map((r) => `  server ${r.name} 127.0.0.1:${port(r)} check inter 500ms fall 2 rise 2`).join('\n');
  return `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A check slower than this fails (a loaded replica answers readiness late, not never).
  timeout check 2s
  # A replica that refuses the connection (killed, not yet marked down): try another.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response
  # The obvious configuration: no header (health checks answer any client).
  option httpchk GET /health/ready
  # No replica in the rotation (their database restarting): the gateway's own 503, Retry-After and body.
  http-error status 503 content-type application/json hdr retry-after 2 lf-string '{"errors":[{"property":"","message":"No sandbox replica can serve right now (their database may be restarting); try again shortly","params":["SANDBOX_UNAVAILABLE"]}],"method":"%[method] %[path,json(utf8s)]","status":503,"code":"SANDBOX_UNAVAILABLE"}'

frontend api
  bind 127.0.0.1:${o.balancerPort}
  default_backend gateways

backend gateways
  balance roundrobin
${servers((r) => r.apiPort)}

frontend acs
  bind 127.0.0.1:${o.balancerAcsPort}
  default_backend acs

backend acs
  balance roundrobin
${servers((r) => r.acsPort)}

frontend stats
  bind 127.0.0.1:${o.statsPort}
  stats enable
  stats uri /stats
`;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}
