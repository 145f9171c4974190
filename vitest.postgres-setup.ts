/**
 * GATEWAY_TEST_STORE=postgres (pnpm test:postgres-store): a throwaway Postgres for the run,
 * unless GATEWAY_TEST_DATABASE_URL names one. The test workers inherit its URL.
 */
import { startPostgresCluster } from '@payments/e2e/postgres-cluster';

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.GATEWAY_TEST_STORE !== 'postgres' || process.env.GATEWAY_TEST_DATABASE_URL) return undefined;
  const cluster = await startPostgresCluster();
  process.env.GATEWAY_TEST_DATABASE_URL = cluster.url;
  return () => cluster.stop();
}
