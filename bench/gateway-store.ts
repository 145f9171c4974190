/**
 * `pnpm bench --only store`: does the gateway stay as fast with a million records as with
 * none? For the memory store and the embedded one (`--data`), session-create and card-
 * authorize throughput over HTTP (autocannon, the gateway in its own process), on an empty
 * store and on one holding `records` stored transactions. The records are seeded through the
 * store itself: a generated snapshot file loaded with `--snapshot` (the same path a QA suite's
 * seed takes). Beside it, the gateway's memory (RSS) with the memory store at that size.
 */
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { GatewayClient } from '@payments/testing';
import { authorizeLoad } from './gateway-authorize';
import { startGatewayProcess, type GatewayProcess } from './support/gateway-process';

const WORK = '.bench/store';
const SCHEMA_VERSION = 1;

export interface StoreLoad {
  sessions_per_s: number;
  authorize_per_s: number;
}

export interface StoreBenchKind {
  empty: StoreLoad;
  full: StoreLoad;
  /** full ÷ empty, each figure. */
  ratio: StoreLoad;
  records_at_full: number;
  seed_s: number;
  rss_mb_at_full: number;
}

export interface StoreBench {
  records: number;
  duration_s: number;
  memory: StoreBenchKind;
  embedded: StoreBenchKind;
}

export async function benchStore(options: { records: number; durationS: number }): Promise<StoreBench> {
  const seed = await seedFile(options.records);
  const out = {} as StoreBench;
  out.records = options.records;
  out.duration_s = options.durationS;
  for (const kind of ['memory', 'embedded'] as const) {
    const dir = (label: string) => {
      const path = join(WORK, `${kind}-${label}`);
      rmSync(path, { recursive: true, force: true });
      return path;
    };
    const emptyArgs = kind === 'embedded' ? ['--data', dir('empty')] : [];
    const empty = await measure(emptyArgs, options.durationS);
    console.log(`store: ${kind}, seeding ${options.records} transactions through the store…`);
    const full = kind === 'memory' ? await measure(['--snapshot', seed], options.durationS, performance.now()) : await measureSeededDirectory(seed, options);
    out[kind] = {
      empty: empty.load,
      full: full.load,
      ratio: {
        sessions_per_s: round(full.load.sessions_per_s / empty.load.sessions_per_s, 2),
        authorize_per_s: round(full.load.authorize_per_s / empty.load.authorize_per_s, 2),
      },
      records_at_full: full.records,
      seed_s: full.seedS,
      rss_mb_at_full: full.rssMb,
    };
    console.log(`store: ${kind}: ${JSON.stringify(out[kind])}`);
  }
  return out;
}

/**
 * The embedded store at a million records, as a team's sandbox holds them: a data directory
 * seeded once through the store (--snapshot; kept in .bench/store, as the seed file is: seeding
 * PGlite takes half an hour on 2 cores) and a gateway started on it. The session-create load
 * adds its records to the directory; a thousand more do not change what is measured.
 */
async function measureSeededDirectory(seed: string, options: { records: number; durationS: number }) {
  const path = join(WORK, `embedded-seeded-${options.records}`);
  const marker = join(path, 'bench-seeded-in-s');
  if (!existsSync(marker)) {
    rmSync(path, { recursive: true, force: true });
    const started = performance.now();
    const gateway = await startGatewayProcess({ args: ['--data', path, '--snapshot', seed] });
    await gateway.stop();
    writeFileSync(marker, String(round((performance.now() - started) / 1000, 1)));
  }
  const full = await measure(['--data', path], options.durationS);
  return { ...full, seedS: Number(readFileSync(marker, 'utf8')) };
}

async function measure(args: string[], durationS: number, seedStarted?: number) {
  const gateway = await startGatewayProcess({ args });
  const seedS = seedStarted === undefined ? 0 : round((performance.now() - seedStarted) / 1000, 1);
  try {
    const sessions = await sessionLoad(gateway, durationS);
    const { result } = await authorizeLoad(gateway.url, { durationS, connections: 10 });
    const stats = await new GatewayClient(gateway.url).request<{ records: { transaction: number }; memory: { rss_bytes: number } }>('GET', '/__mock/stats');
    return {
      load: { sessions_per_s: Math.round(sessions), authorize_per_s: Math.round(result.requests.average) },
      records: stats.records.transaction,
      rssMb: Math.round(stats.memory.rss_bytes / 1e6),
      seedS,
    };
  } finally {
    await gateway.stop();
  }
}

/** POST /api/sessions, each with its own reference, 16 connections: requests per second. */
export async function sessionLoad(gateway: Pick<GatewayProcess, 'url'>, durationS: number): Promise<number> {
  const token = await new GatewayClient(gateway.url).accessToken();
  let n = 0;
  const prefix = randomUUID().slice(0, 8);
  const result = await autocannon({
    url: `${gateway.url}/api/sessions`,
    connections: 16,
    duration: durationS,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'user-agent': 'autocannon-bench' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            terminal_id: 'TERM00001',
            reference: `s-${prefix}-${(n += 1)}`,
            description: 'bench',
            currency: 'EUR',
            amount: 1000,
            transaction_type: 'PURCHASE',
            return_url: 'https://merchant.example/return',
          }),
        }),
      },
    ],
  });
  if (result.non2xx > 0) throw new Error(`session load: ${result.non2xx} answers were not 2xx: ${JSON.stringify(result.statusCodeStats)}`);
  return result.requests.average;
}

/** A snapshot of `count` settled card transactions (a third with 3-D Secure state), made once and kept. */
export async function seedFile(count: number): Promise<string> {
  mkdirSync(WORK, { recursive: true });
  const file = join(WORK, `seed-${count}.ndjson`);
  if (existsSync(file)) return file;
  console.log(`store: writing ${file}…`);
  const stream = createWriteStream(`${file}.part`);
  const write = async (line: string) => {
    if (!stream.write(line)) await once(stream, 'drain');
  };
  await write(`${JSON.stringify({ format: 'mock-gateway-snapshot', schema: SCHEMA_VERSION, exported_at: new Date().toISOString(), counts: { transaction: count } })}\n`);
  for (let i = 0; i < count; i++) await write(`${JSON.stringify({ kind: 'transaction', record: seedTransaction(i) })}\n`);
  stream.end();
  await once(stream, 'finish');
  const { renameSync } = await import('node:fs');
  renameSync(`${file}.part`, file);
  return file;
}

function seedTransaction(i: number): Record<string, unknown> {
  const id = randomUUID();
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  return {
    transaction: {
      id,
      merchant_id: 'MERCHANT0001',
      order_id: randomUUID(),
      terminal_id: 'TERM00001',
      reference: `seed-${i}`,
      description: 'Seeded order',
      currency: 'EUR',
      amount: 1000 + (i % 9000),
      customer: { id: null, first_name: 'Ana', last_name: 'Kovač', email: `shopper${i % 5000}@example.com`, phone: null, address: null, city: null, country: 'BA', postal_code: null },
      customer_ip: '127.0.0.1',
      processing_result: { approval_code: '123456', payment_provider_account_id: 'SIM-ACCOUNT-1', payment_provider_id: 'simplified-card-simulator', reference_number: '000000000001' },
      approved: true,
      pending: false,
      channel: 'ecommerce',
      transaction_type: 'PURCHASE',
      status: 'APPROVED',
      payment_method: { type: 'card', brand: 'VISA', hash: null, masked: '400000******0002', method: null, token: null },
      redirect_url: null,
      normalized_amount: 1000 + (i % 9000),
      errors: [],
      processing_code: '0000',
      response_message: 'TRX_STATUS_APPROVED',
      data: { retry_options: null },
    },
    integration_type: 'DIRECT_API',
    metadata: {},
    created_at: at,
    updated_at: at,
    parent_id: null,
    session_id: null,
    originator_url: 'http://localhost:5173',
    return_url: 'https://merchant.example/return',
    error_url: null,
    cancel_url: null,
    card: { bin: '400000', last4: '0002', brand: 'VISA', exp_month: 12, exp_year: 2035, number: '4000000000000002' },
    three_ds:
      i % 3 === 0
        ? { server_trans_id: randomUUID(), acs_trans_id: randomUUID(), payment_data: 'seed', flow: 'SIMPLIFIED', stage: 'DONE', rounds: 0, challenge_window_size: '02', notification_url: 'http://127.0.0.1:4010/n', acs_result: null, trans_status: 'Y', expected_trans_status: null, method_completed: false }
        : null,
    captured_amount: 0,
    refunded_amount: 0,
    last_response: null,
    announced_statuses: ['APPROVED'],
    tokenize: null,
    blik_code_given: false,
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
