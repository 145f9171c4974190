/**
 * A throwaway Postgres for tests: a cluster in a temporary directory, on a free loopback
 * port, run by the `postgres` user (Postgres refuses to run as root), stopped and removed by
 * `stop()`. Needs Debian's `postgresql` package (scripts/setup.sh installs it).
 *
 *   tsx e2e/support/postgres-cluster.ts   starts one, prints its URL, stops it on Ctrl-C
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresCluster {
  /** postgres://… of the cluster's `postgres` database, for the `gateway` role (superuser, no password). */
  url: string;
  /** A URL for another database of the cluster (CREATE DATABASE it first). */
  urlOf(database: string): string;
  /**
   * Stops the server as an operator would (`pg_ctl stop -m fast`: every session is ended with
   * 57P01, new ones refused) and keeps its data; `resume()` starts it again on the same port.
   */
  pause(): void;
  resume(): void;
  stop(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const dir = versions.map((v) => join(root, v, 'bin')).find((d) => existsSync(join(d, 'pg_ctl')));
  if (!dir) throw new Error('Postgres is not installed (apt-get install postgresql; scripts/setup.sh does it)');
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs a Postgres binary as the postgres user when we are root (as CI is). */
function asPostgres(command: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const result = root ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' }) : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'gateway-pg-'));
  chmodSync(dir, 0o777); // the postgres user writes here
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'gateway', '--auth=trust', '--encoding=UTF8', '--no-locale']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off`;
  asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const urlOf = (database: string) => `postgres://gateway@127.0.0.1:${port}/${database}`;
  const pgCtl = join(bin, 'pg_ctl');
  return {
    url: urlOf('postgres'),
    urlOf,
    pause: () => asPostgres(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: () => asPostgres(pgCtl, ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']),
    stop() {
      try {
        asPostgres(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startPostgresCluster();
  console.log(cluster.url);
  const stop = () => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => undefined, 1 << 30);
}
