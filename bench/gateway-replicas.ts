/**
 * `pnpm bench --only replicas`: the shared sandbox (README, "Running a shared sandbox") under
 * load, through HAProxy in front of gateway replicas on one Postgres, each replica its own
 * process on this machine's cores (e2e/replicas/shared-sandbox.ts):
 *  - card-authorize throughput with one replica and with two;
 *  - session-create throughput with two replicas, on an empty database and on one holding
 *    `records` transactions (seeded through the store from the store bench's snapshot file).
 * The load generator shares the cores with the replicas, Postgres and HAProxy.
 */
import { availableParallelism } from 'node:os';
import { GatewayClient } from '@payments/testing';
import { startSharedSandbox, type SharedSandbox } from '@payments/e2e/shared-sandbox';
import { authorizeLoad } from './gateway-authorize';
import { seedFile, sessionLoad } from './gateway-store';

export interface ReplicasBench {
  cores: number;
  duration_s: number;
  authorize_per_s: { one_replica: number; two_replicas: number };
  sessions_per_s: { empty: number; full: number; ratio: number; records_at_full: number; seed_s: number };
}

export async function benchReplicas(options: { records: number; durationS: number }): Promise<ReplicasBench> {
  const seed = await seedFile(options.records);
  const withSandbox = async <T>(replicas: number, work: (sandbox: SharedSandbox) => Promise<T>, snapshot?: string): Promise<T> => {
    const sandbox = await startSharedSandbox({ replicas, ...(snapshot ? { snapshot } : {}) });
    try {
      return await work(sandbox);
    } finally {
      await sandbox.stop();
    }
  };
  const authorize = async (sandbox: SharedSandbox) => {
    const { result, verification } = await authorizeLoad(sandbox.url, { durationS: options.durationS, connections: 10 });
    if (verification.lost_transactions > 0 || verification.doubled_references > 0) throw new Error(`replicas bench: ${JSON.stringify(verification)}`);
    return Math.round(result.requests.average);
  };

  console.log('replicas: card authorize through the balancer, one replica…');
  const one = await withSandbox(1, authorize);
  console.log('replicas: card authorize and session create, two replicas, empty database…');
  const { two, emptySessions } = await withSandbox(2, async (sandbox) => ({ two: await authorize(sandbox), emptySessions: Math.round(await sessionLoad(sandbox, options.durationS)) }));
  console.log(`replicas: seeding ${options.records} transactions into Postgres, then session create with two replicas…`);
  const started = performance.now();
  const full = await withSandbox(
    2,
    async (sandbox) => {
      const seedS = Math.round((performance.now() - started) / 100) / 10;
      const sessions = Math.round(await sessionLoad(sandbox, options.durationS));
      const stats = await new GatewayClient(sandbox.url).request<{ records: { transaction: number } }>('GET', '/__mock/stats');
      return { sessions, records: stats.records.transaction, seedS };
    },
    seed,
  );
  const out: ReplicasBench = {
    cores: availableParallelism(),
    duration_s: options.durationS,
    authorize_per_s: { one_replica: one, two_replicas: two },
    sessions_per_s: { empty: emptySessions, full: full.sessions, ratio: Math.round((full.sessions / emptySessions) * 100) / 100, records_at_full: full.records, seed_s: full.seedS },
  };
  console.log(`replicas: ${JSON.stringify(out)}`);
  return out;
}
