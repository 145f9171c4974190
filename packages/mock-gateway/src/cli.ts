#!/usr/bin/env -S npx tsx
/**
 * The `mock-gateway` command (`npx @payments/mock-gateway`, `pnpm gateway` in the workspace).
 * Prints the base URL and the test credentials, and stops cleanly on SIGINT and SIGTERM.
 * In the workspace it builds the browser bundles first when they are missing; the published
 * package carries them (./bundles.ts).
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PACKAGED, WORKSPACE_ROOT, workspaceBundles } from './bundles';
import { runTrigger } from './cli/trigger';
import { eventsResend } from './cli/events-resend';
import { listen } from './cli/listen';
import { loadConfig } from './config';
import { SHUTDOWN_GRACE_MS } from './app';
import { startGateway } from './server';
import { SCHEMA_VERSION } from './store/migrations';
import { openStore, type StoreLocation } from './store/open-store';
import { exportSnapshot } from './store/snapshot';

const USAGE = `Usage: mock-gateway [options]
       mock-gateway migrate (--data DIR | --database-url URL)
                                            bring the store's schema up to date, then exit
       mock-gateway snapshot export FILE [--gateway URL | --data DIR | --database-url URL]
                                            write a sandbox's state to FILE (default: the
                                            gateway on http://127.0.0.1:4010)
       mock-gateway trigger EVENT [--gateway URL] [--json]
                                            make a running gateway send that webhook event
                                            (mock-gateway trigger --help lists them)
       mock-gateway listen [--gateway URL] [--forward-to URL] [--client-id ID --client-secret SECRET]
                                            print each webhook event and delivery attempt as it
                                            happens; --forward-to posts each delivery there too,
                                            signed as the gateway signs it
       mock-gateway events resend DELIVERY_ID [--gateway URL]
                                            send a webhook delivery again (same id and body)

A stateful, offline simulator of the payment gateway: API, hosted page, Embedded Fields
(embedded-fields.js and its secure frames), 3-D Secure ACS, redirect providers, webhooks.

Options:
  --port N                  API port (default 4010; 0 picks a free one)       env GATEWAY_PORT
  --acs-port N              ACS and providers port (default: port + 1)        env GATEWAY_ACS_PORT
  --host HOST               interface to listen on (default 127.0.0.1; 0.0.0.0 in a container)
  --webhook-url URL         where webhooks are posted                         env GATEWAY_WEBHOOK_URL
  --webhook-retry-base-ms N first webhook retry delay, doubling each attempt (default 1000)
  --public-url URL          the origin browsers reach the API by (a load balancer), written into
                            redirect_url, frame URLs and CSP (default: this listener) env GATEWAY_PUBLIC_URL
  --public-acs-url URL      the same for the ACS and providers origin          env GATEWAY_PUBLIC_ACS_URL
  --data DIR                keep state in an embedded database in DIR (created if missing):
                            it survives restarts and crashes (default: memory)  env GATEWAY_DATA
  --database-url URL        keep state in this Postgres, shared by every gateway replica on it
                                                                              env GATEWAY_DATABASE_URL
  --snapshot FILE           start from a snapshot (mock-gateway snapshot export): customers,
                            saved cards, sessions, transactions; into a store with no records
  --config FILE             JSON overriding the test fixture (merchants, terminals, lifetimes)
  --bundles DIR             serve this Embedded Fields build (a dist/ with embedded-fields.js,
                            sri.json and frame/) instead of the one inside the package
  --no-build                in the workspace: do not build missing browser bundles first
  --access-log              print one line per answered request (time, api|acs, method, path,
                            status, ms): which replica did what behind a balancer
  --contract-check          tests: check every answer against /openapi.json and print each
                            mismatch on stderr as "contract: …" (a suite fails on them)
  --blank-frame             also serve /frames/blank, an empty document of the gateway's origin
                            (pnpm bench's floor for a framed checkout)
  --quiet                   print nothing but errors
  -h, --help                show this help
`;

function fail(message: string): never {
  console.error(`mock-gateway: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseCommandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        'acs-port': { type: 'string' },
        host: { type: 'string' },
        'webhook-url': { type: 'string' },
        'webhook-retry-base-ms': { type: 'string' },
        config: { type: 'string' },
        data: { type: 'string' },
        'database-url': { type: 'string' },
        'public-url': { type: 'string' },
        'public-acs-url': { type: 'string' },
        snapshot: { type: 'string' },
        gateway: { type: 'string' },
        'forward-to': { type: 'string' },
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        bundles: { type: 'string' },
        'no-build': { type: 'boolean' },
        'access-log': { type: 'boolean' },
        'contract-check': { type: 'boolean' },
        'blank-frame': { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

if (process.argv[2] === 'trigger') process.exit(await runTrigger(process.argv.slice(3)));
const { values, positionals } = parseCommandLine();

function intOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) fail(`${name} must be a port number, got "${value}"`);
  return n;
}

/** A path given on the command line: relative to where the command was typed (`pnpm gateway` runs in the package). */
function userPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/** `--bundles DIR`: an Embedded Fields build, checked before anything starts. */
function embeddedFieldsBuild(dir: string | undefined): string | undefined {
  if (dir === undefined) return undefined;
  const path = userPath(dir);
  if (!existsSync(join(path, 'embedded-fields.js')) || !existsSync(join(path, 'frame'))) {
    fail(`--bundles ${dir}: no Embedded Fields build there (expected embedded-fields.js and frame/)`);
  }
  return path;
}

/** In the workspace: builds each browser bundle package whose dist is missing (first start on a fresh clone). */
function buildMissingBundles(): void {
  const dirs = workspaceBundles();
  const builds = [
    ['embedded-fields', dirs.embeddedFields, 'build'],
    ['hosted-page', dirs.hostedPage, 'build'],
    ['mock-gateway', dirs.dashboard, 'build:dashboard'],
  ] as const;
  for (const [pkg, dist, script] of builds) {
    if (existsSync(dist)) continue;
    console.log(`mock-gateway: building ${pkg} (${script}: ${dist} missing)…`);
    const result = spawnSync('pnpm', ['--filter', `@payments/${pkg}`, script], { cwd: WORKSPACE_ROOT, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`mock-gateway: building ${pkg} failed`);
      process.exit(1);
    }
  }
}

async function main(): Promise<void> {
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = intOption(values.port ?? process.env.GATEWAY_PORT, '--port') ?? 4010;
  const acsPort = intOption(values['acs-port'] ?? process.env.GATEWAY_ACS_PORT, '--acs-port');
  const config = loadConfig(values.config === undefined ? undefined : userPath(values.config));
  const webhookUrl = values['webhook-url'] ?? process.env.GATEWAY_WEBHOOK_URL;
  if (webhookUrl !== undefined) config.webhook_url = webhookUrl;
  if (values['webhook-retry-base-ms']) config.webhook_retry_base_ms = Number(values['webhook-retry-base-ms']);
  const data = values.data ?? process.env.GATEWAY_DATA;
  const databaseUrl = values['database-url'] ?? process.env.GATEWAY_DATABASE_URL;
  const location = { data: data ? userPath(data) : undefined, databaseUrl: databaseUrl || undefined };
  if (positionals.length > 0) return runCommand(positionals, location);
  const embeddedFields = embeddedFieldsBuild(values.bundles);
  if (!PACKAGED && !values['no-build']) buildMissingBundles();

  const gateway = await startGateway({
    config,
    port,
    ...(acsPort !== undefined ? { acsPort } : {}),
    host: values.host ?? '127.0.0.1',
    ...(location.data !== undefined ? { data: location.data } : {}),
    ...(location.databaseUrl !== undefined ? { databaseUrl: location.databaseUrl } : {}),
    publicUrl: values['public-url'] ?? process.env.GATEWAY_PUBLIC_URL ?? '',
    publicAcsUrl: values['public-acs-url'] ?? process.env.GATEWAY_PUBLIC_ACS_URL ?? '',
    ...(values.snapshot !== undefined ? { snapshot: userPath(values.snapshot) } : {}),
    ...(embeddedFields ? { bundles: { embeddedFields } } : {}),
    ...(values['access-log'] ? { accessLog: (line: string) => console.log(line) } : {}),
    ...(values['blank-frame'] ? { blankFrame: true } : {}),
    ...(values['contract-check'] ? { contractCheck: (problem: string) => console.error(`contract: ${problem}`) } : {}),
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
        `  API reference:      ${gateway.url}/docs (OpenAPI: ${gateway.url}/openapi.json)`,
        `  state:              ${gateway.ctx.store.description}`,
      ].join('\n'),
    );
  }
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    if (!values.quiet) console.log(`mock-gateway: ${signal}, stopping: no new requests; finishing those in flight (up to ${SHUTDOWN_GRACE_MS / 1000} s)`);
    gateway.shutdown().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** `mock-gateway migrate` and `mock-gateway snapshot export FILE`: one job, nothing served. */
async function runCommand(command: string[], location: StoreLocation): Promise<void> {
  const { data } = location;
  if (command[0] === 'migrate' && command.length === 1) {
    if (!data && !location.databaseUrl) fail('migrate needs --data DIR or --database-url URL (the memory store has no schema to keep)');
    const store = await openStore(location); // opening migrates
    console.log(`mock-gateway: ${store.description} is at schema version ${SCHEMA_VERSION}`);
    await store.close();
    return;
  }
  if (command[0] === 'snapshot' && command[1] === 'export' && command.length === 3) {
    const file = userPath(command[2]!);
    const lines =
      data || location.databaseUrl ? await snapshotOfStore(location) : await snapshotOfGateway(values.gateway ?? 'http://127.0.0.1:4010');
    await pipeline(lines, createWriteStream(file));
    console.log(`mock-gateway: snapshot written to ${file}`);
    return;
  }
  if (command[0] === 'listen' && command.length === 1) return listenCommand();
  if (command[0] === 'events' && command[1] === 'resend' && command.length === 3) return void (await eventsResend(values.gateway ?? DEFAULT_GATEWAY, command[2]!));
  fail(`unknown command "${command.join(' ')}"`);
}

const DEFAULT_GATEWAY = 'http://127.0.0.1:4010';

function listenCommand(): Promise<void> {
  const stop = new AbortController();
  process.on('SIGINT', () => stop.abort());
  process.on('SIGTERM', () => stop.abort());
  return listen({
    gateway: values.gateway ?? DEFAULT_GATEWAY,
    signal: stop.signal,
    ...(values['forward-to'] !== undefined ? { forwardTo: values['forward-to'] } : {}),
    ...(values['client-id'] !== undefined ? { clientId: values['client-id'] } : {}),
    ...(values['client-secret'] !== undefined ? { clientSecret: values['client-secret'] } : {}),
  });
}

async function snapshotOfStore(location: StoreLocation): Promise<AsyncIterable<string>> {
  const store = await openStore(location);
  return (async function* () {
    try {
      yield* exportSnapshot(store);
    } finally {
      await store.close();
    }
  })();
}

async function snapshotOfGateway(gateway: string): Promise<AsyncIterable<Uint8Array>> {
  const response = await fetch(new URL('/__mock/snapshot', gateway), { headers: { 'user-agent': 'mock-gateway-cli' } }).catch((error: unknown) => {
    throw new Error(`no gateway at ${gateway}: ${String(error)}`);
  });
  if (!response.ok || !response.body) throw new Error(`${gateway} answered ${response.status} for its snapshot`);
  return response.body as unknown as AsyncIterable<Uint8Array>;
}

main().catch((error: unknown) => {
  console.error('mock-gateway failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
