#!/usr/bin/env -S npx tsx
/**
 * `pnpm gateway [--port 4010] [--acs-port 4011] [--host 127.0.0.1] [--webhook-url URL]
 *  [--webhook-retry-base-ms N] [--config file.json]`
 * Environment: GATEWAY_PORT, GATEWAY_ACS_PORT, GATEWAY_WEBHOOK_URL.
 * Builds the browser bundles first when they are missing, prints the base URL and the test
 * credentials, and stops cleanly on SIGINT and SIGTERM.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { startGateway } from './server';
import { WORKSPACE_ROOT, bundleDir } from './routes/static-bundles';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'acs-port': { type: 'string' },
    host: { type: 'string' },
    'webhook-url': { type: 'string' },
    'webhook-retry-base-ms': { type: 'string' },
    config: { type: 'string' },
    'no-build': { type: 'boolean' },
    quiet: { type: 'boolean' },
  },
});

function intOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`mock-gateway: ${name} must be a port number, got "${value}"`);
    process.exit(2);
  }
  return n;
}

/** Builds each browser bundle package whose dist is missing (first start on a fresh clone). */
function buildMissingBundles(): void {
  for (const pkg of ['embedded-fields', 'hosted-page']) {
    if (!existsSync(join(WORKSPACE_ROOT, 'packages', pkg, 'package.json')) || existsSync(bundleDir(pkg))) continue;
    console.log(`mock-gateway: building ${pkg} (dist missing)…`);
    const result = spawnSync('pnpm', ['--filter', `@payments/${pkg}`, 'build'], { cwd: WORKSPACE_ROOT, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`mock-gateway: building ${pkg} failed`);
      process.exit(1);
    }
  }
}

async function main(): Promise<void> {
  const port = intOption(values.port ?? process.env.GATEWAY_PORT, '--port') ?? 4010;
  const acsPort = intOption(values['acs-port'] ?? process.env.GATEWAY_ACS_PORT, '--acs-port');
  const config = loadConfig(values.config);
  const webhookUrl = values['webhook-url'] ?? process.env.GATEWAY_WEBHOOK_URL;
  if (webhookUrl !== undefined) config.webhook_url = webhookUrl;
  if (values['webhook-retry-base-ms']) config.webhook_retry_base_ms = Number(values['webhook-retry-base-ms']);
  if (!values['no-build']) buildMissingBundles();

  const gateway = await startGateway({
    config,
    port,
    ...(acsPort !== undefined ? { acsPort } : {}),
    host: values.host ?? '127.0.0.1',
  });
  const merchant = config.merchants[0]!;
  if (!values.quiet) {
    console.log(
      [
        `mock-gateway listening on ${gateway.url}`,
        `  ACS and providers:  ${gateway.acsUrl}`,
        `  token endpoint:     ${gateway.url}/oauth/token`,
        `  client_id:          ${merchant.client_id}`,
        `  client_secret:      ${merchant.client_secret}`,
        `  client key:         ${merchant.client_key}`,
        `  terminals:          ${config.terminals.map((t) => `${t.id}${t.active ? '' : ' (inactive)'} [${t.simulator}]`).join(', ')}`,
        `  webhooks:           ${config.webhook_url || '(none; set --webhook-url)'}`,
        `  test routes:        ${gateway.url}/__mock/`,
      ].join('\n'),
    );
  }
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    if (!values.quiet) console.log(`mock-gateway: ${signal}, stopping`);
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('mock-gateway failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
