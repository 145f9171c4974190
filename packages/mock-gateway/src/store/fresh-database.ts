/**
 * For tests on Postgres (GATEWAY_TEST_STORE=postgres): a database of their own on the run's
 * test Postgres (GATEWAY_TEST_DATABASE_URL), created empty (dropped first if a run left it).
 */
export async function freshDatabase(prefix: string): Promise<string> {
  const adminUrl = process.env.GATEWAY_TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('freshDatabase needs GATEWAY_TEST_DATABASE_URL (pnpm test:postgres-store)');
  const { default: pg } = await import('pg');
  const name = `${prefix}_${process.env.VITEST_POOL_ID ?? process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
