/**
 * Where the shop's PGlite database lives on disk, and how a directory becomes one.
 *
 * A new Postgres cluster (initdb) is the expensive part of PGlite: seconds of CPU and a
 * few hundred MB of memory. So it is made once per machine and PGlite version, in the
 * system's temp directory, and every new data directory starts as a copy of it; opening an
 * existing cluster is much cheaper. A lock file keeps two shops off one directory: PGlite
 * itself does not lock, and two writers would corrupt it.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** Postgres's own marker of a data directory. */
const CLUSTER_MARKER = 'PG_VERSION';
const LOCK_FILE = 'northwind-shop.lock';

/**
 * PGlite's start parameters: its defaults, with 16 MB of shared buffers instead of 128 MB.
 * The shop's tables are tiny; this saves about 100 MB of memory per open database.
 */
export const START_PARAMS: string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

function pgliteVersion(): string {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

let template: Promise<string> | undefined;

/** An empty cluster made by this PGlite version, made once and shared (read-only) by every shop. */
function clusterTemplate(): Promise<string> {
  template ??= (async () => {
    const target = join(tmpdir(), `northwind-shop-pglite-${pgliteVersion()}`);
    if (existsSync(join(target, CLUSTER_MARKER))) return target;
    // Made aside and renamed into place, so another process never copies a half-made one.
    const staging = mkdtempSync(`${target}-making-`);
    try {
      const db = await PGlite.create(staging, { startParams: START_PARAMS });
      await db.close();
      renameSync(staging, target);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      // Another process made it first: theirs is as good.
      if (!existsSync(join(target, CLUSTER_MARKER))) throw error;
    }
    return target;
  })();
  template.catch(() => (template = undefined));
  return template;
}

/**
 * Makes `dir` a cluster when it is not one yet (a copy of the template). Refuses a
 * directory that holds other files: it is not the shop's to fill.
 */
export async function prepareDataDir(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  if (existsSync(join(dir, CLUSTER_MARKER))) return;
  const others = readdirSync(dir).filter((name) => name !== LOCK_FILE);
  if (others.length > 0) throw new Error(`${dir} is not empty and holds no shop database; give an empty or new directory.`);
  cpSync(await clusterTemplate(), dir, { recursive: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the directory for this process: a lock file holding our pid. A lock left by a
 * process that is gone (killed, crashed) is taken over. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
        throw new Error(`The shop's database in ${dir} is in use by process ${holder} (another \`pnpm demo\`?).`, { cause: error });
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the shop's database in ${dir}.`);
}
