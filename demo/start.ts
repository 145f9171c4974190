/**
 * `pnpm demo`: the mock gateway (API on 4010, ACS on 4011) and the Northwind Outfitters shop
 * on http://localhost:5173, in one process. Builds the browser bundles first when
 * packages/embedded-fields/dist or packages/hosted-page/dist is missing. Stops both on SIGINT and SIGTERM.
 *
 *   pnpm demo [--data DIR] [--reset]
 *
 * Both remember across restarts: the gateway keeps its state (the embedded durable store) in
 * DIR/gateway, the shop its database (orders, processed webhook deliveries) in DIR/demo-shop.
 * DIR is `--data`, else $DEMO_DATA, else .data in the repository; GATEWAY_DATA moves the
 * gateway's alone (an empty value keeps it in memory). `--reset` empties both first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startGateway } from '@payments/mock-gateway';
import { TEST_CARDS } from '@payments/testing';
import { lockDataDir } from './backend/database-dir';
import { startDemo, type RunningDemo } from './server';

const WORKSPACE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const GATEWAY_PORT = 4010;
const DEMO_PORT = 5173;
const WEBHOOK_URL = `http://localhost:${DEMO_PORT}/webhooks`;

/** Builds a browser bundle package whose dist (or `output`) is missing, when it has that build script. */
function buildIfMissing(pkg: string, output = 'dist', script = 'build'): void {
  const dir = join(WORKSPACE_ROOT, 'packages', pkg);
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest) || existsSync(join(dir, output))) return;
  const scripts = (JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  if (!scripts[script]) return;
  console.log(`demo: building ${pkg} (${output} missing)…`);
  const result = spawnSync('pnpm', ['--filter', `@payments/${pkg}`, script], { cwd: WORKSPACE_ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    // The shop still starts: its page says the payment form could not load.
    console.error(`demo: building ${pkg} failed; the shop will show "Payment form could not load".`);
  }
}

function testCardLines(): string[] {
  const seen = new Map<string, string[]>();
  for (const card of TEST_CARDS) seen.set(card.scenario, [...(seen.get(card.scenario) ?? []), card.number]);
  return [...seen].map(([scenario, numbers]) => `    ${numbers.join(' / ')}  ${scenario}`);
}

/** Where the demo keeps its data: `--data`, else $DEMO_DATA, else .data in the repository. */
function dataOptions(): { dataRoot: string; reset: boolean } {
  const { values } = parseArgs({ options: { data: { type: 'string' }, reset: { type: 'boolean', default: false } } });
  const root = values.data ?? process.env.DEMO_DATA ?? join(WORKSPACE_ROOT, '.data');
  return { dataRoot: resolve(root), reset: values.reset };
}

async function main(): Promise<void> {
  const { dataRoot, reset } = dataOptions();
  const shopData = join(dataRoot, 'demo-shop');
  const gatewayData = process.env.GATEWAY_DATA ?? join(dataRoot, 'gateway');
  if (reset) {
    lockDataDir(shopData)(); // refuses while another shop uses it
    rmSync(shopData, { recursive: true, force: true });
    if (gatewayData) rmSync(gatewayData, { recursive: true, force: true });
  }

  buildIfMissing('embedded-fields');
  buildIfMissing('hosted-page');
  buildIfMissing('mock-gateway', 'dashboard/dist', 'build:dashboard'); // the gateway's /dashboard

  const gateway = await startGateway({ port: GATEWAY_PORT, webhookUrl: WEBHOOK_URL, ...(gatewayData ? { data: gatewayData } : {}) });
  console.log(`demo: gateway state: ${gateway.ctx.store.description}`);
  let demo: RunningDemo;
  try {
    demo = await startDemo({ port: DEMO_PORT, gatewayUrl: gateway.url, acsUrl: gateway.acsUrl, dataDir: shopData });
  } catch (error) {
    await gateway.close();
    throw error;
  }

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`demo: ${signal}, stopping`);
    void Promise.allSettled([demo.close(), gateway.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  console.log(
    [
      '',
      `Northwind Outfitters (demo shop):  ${demo.url}`,
      `mock gateway:                      ${gateway.url}   (ACS and providers: ${gateway.acsUrl})`,
      `webhooks:                          ${WEBHOOK_URL}`,
      `what happened (dashboard):         ${gateway.url}/dashboard   (or: pnpm gateway listen)`,
      `the shop's orders and webhooks:    ${relative(process.cwd(), shopData) || '.'}   (kept across restarts; --reset empties it)`,
      '',
      '  Test cards (any CVV, any future expiry, any name):',
      ...testCardLines(),
      '  Full 3-D Secure simulator flows: pick one under "Testing this shop" on the page.',
      '',
      'Ctrl+C stops both.',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error('demo failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
