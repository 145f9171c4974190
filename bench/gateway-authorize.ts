/**
 * Authorize throughput of the mock gateway on loopback: a frictionless test card, each
 * request with its own reference (so every one is a real authorization: four RSA-OAEP
 * decryptions, the simulator, the store, the webhook outbox), 10 connections, several
 * windows. The gateway runs in its own process so the load generator does not share its
 * event loop. Beside it, measured in the same run: the RSA bound (what the decrypts alone
 * allow on this machine's cores) and the status endpoint's latency during the load.
 *
 * After the load, the store is checked against what the load generator saw: every 2xx
 * answer's transaction is stored APPROVED (none lost), no reference has two transactions
 * (none doubled), and approved transactions = 2xx answers + the requests still in flight
 * when the window closed (their answers arrive after autocannon stops listening).
 * `authorizeLoad` is shared with the hostile suite's bounded load test.
 */
import { constants, generateKeyPairSync, privateDecrypt, publicEncrypt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { TEST_BROWSER_INFO } from '@payments/core';
import autocannon from 'autocannon';
import { GatewayClient, uniqueReference } from '@payments/testing';
import { startGatewayProcess } from './support/gateway-process';
import { quantile, spread, type Spread } from './support/stats';

export interface AuthorizeBenchResult extends LoadVerification {
  requests_per_second: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  non_2xx: number;
  errors: number;
  timeouts: number;
  duration_s: number;
  connections: number;
}

export interface LoadVerification {
  /** Requests the load generator sent. */
  requests_sent: number;
  responses_2xx: number;
  /** APPROVED transactions of this run in the store. */
  approved_transactions: number;
  /** 2xx answers whose transaction is not in the store, or not APPROVED. Must be 0. */
  lost_transactions: number;
  /** References with more than one transaction. Must be 0. */
  doubled_references: number;
  /** Sent but unanswered when the window closed (processed by the gateway all the same). */
  unanswered_at_close: number;
}

export interface AuthorizeLoadOptions {
  durationS: number;
  connections: number;
  /** Prefix of this run's references (each request gets `${prefix}-${n}`). */
  referencePrefix?: string;
}

/** Runs autocannon against a gateway's authorize and checks the store afterwards. */
export async function authorizeLoad(
  baseUrl: string,
  options: AuthorizeLoadOptions,
): Promise<{ result: autocannon.Result; verification: LoadVerification }> {
  const client = new GatewayClient(baseUrl);
  const token = await client.accessToken();
  const data = await client.encryptCard({ number: '4000000000000002' });
  const prefix = options.referencePrefix ?? `load-${Date.now().toString(36)}`;
  let sent = 0;
  const answeredIds: string[] = [];
  // A minute's margin for the gateway's clock against this one (both on this machine).
  const since = new Date(Date.now() - 60_000);
  const result = await autocannon({
    url: `${baseUrl}/api/transactions/authorize`,
    connections: options.connections,
    duration: options.durationS,
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'user-agent': 'autocannon-bench',
    },
    requests: [
      {
        setupRequest: (request) => {
          sent += 1;
          return {
            ...request,
            body: JSON.stringify({
              reference: `${prefix}-${sent}`,
              terminal_id: 'TERM00001',
              description: 'bench',
              currency: 'EUR',
              amount: 1000,
              transaction_type: 'PURCHASE',
              payment_method: { type: 'card', data },
              browser_info: TEST_BROWSER_INFO,
              return_url: 'https://merchant.example/return',
            }),
          };
        },
        onResponse: (status, body) => {
          if (status < 200 || status >= 300) return;
          const id = (JSON.parse(body) as { result?: { id?: string } }).result?.id;
          answeredIds.push(id ?? '(no id)');
        },
      },
    ],
  });
  const verification = await verifyStore(client, prefix, since, sent, answeredIds);
  return { result: aggregated(result, { url: baseUrl, connections: options.connections, duration: options.durationS }), verification };
}

/**
 * autocannon answers its raw histograms when it runs in a worker thread (it takes itself for
 * one of its own workers), as under vitest's thread pool: aggregate them as it would.
 */
function aggregated(result: autocannon.Result, options: { url: string; connections: number; duration: number }): autocannon.Result {
  if (typeof result.latency === 'object') return result;
  const { aggregateResult } = autocannon as unknown as { aggregateResult(results: autocannon.Result[], options: object): autocannon.Result };
  return aggregateResult([result], options);
}

interface StoredTransaction {
  id: string;
  reference: string;
  status: string;
  parent_id: string | null;
}

/**
 * Every stored originating transaction of this run, paged through the dashboard's list
 * (`before=`, 500 a page): a run at 1,000 authorizations a second stores more than any one
 * page of `/__mock/transactions` holds (10,000), and a check that read only the newest page
 * counted the rest as lost. Only what was created since the run started (`from=`): the
 * store bench runs this load on a sandbox of a million older transactions.
 */
async function storedTransactions(client: GatewayClient, prefix: string, since: Date): Promise<StoredTransaction[]> {
  const found: StoredTransaction[] = [];
  let before: string | null = '';
  while (before !== null) {
    const cursor: string = before === '' ? '' : `&before=${encodeURIComponent(before)}`;
    const page: { transactions: StoredTransaction[]; older: string | null } = await client.request(
      'GET',
      `/dashboard/api/transactions?limit=500&from=${encodeURIComponent(since.toISOString())}${cursor}`,
    );
    found.push(...page.transactions.filter((t) => t.parent_id === null && t.reference.startsWith(`${prefix}-`)));
    before = page.older;
  }
  return found;
}

/** Compares the store with what the load generator saw, once the last requests have landed. */
async function verifyStore(client: GatewayClient, prefix: string, since: Date, sent: number, answeredIds: string[]): Promise<LoadVerification> {
  const read = () => storedTransactions(client, prefix, since);
  let stored = await read();
  for (let settled = 0; settled < 2; ) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const again = await read();
    settled = again.length === stored.length ? settled + 1 : 0;
    stored = again;
  }
  const statusById = new Map(stored.map((t) => [t.id, t.status]));
  const perReference = new Map<string, number>();
  for (const t of stored) perReference.set(t.reference, (perReference.get(t.reference) ?? 0) + 1);
  const approved = stored.filter((t) => t.status === 'APPROVED').length;
  return {
    requests_sent: sent,
    responses_2xx: answeredIds.length,
    approved_transactions: approved,
    lost_transactions: answeredIds.filter((id) => statusById.get(id) !== 'APPROVED').length,
    doubled_references: [...perReference.values()].filter((n) => n > 1).length,
    unanswered_at_close: approved - answeredIds.length,
  };
}

export interface RsaBound {
  /** RSA-OAEP-256 (2048-bit) decrypts per second on one core, measured in this run. */
  decrypts_per_s_one_core: number;
  cores: number;
  decrypts_per_authorize: number;
  /** The bound #14 sets: decrypts/s of one core ÷ decrypts per authorize. */
  authorize_per_s: number;
  /** What every core would allow if it did nothing but decrypt (× cores): the ceiling, never reachable with HTTP work beside. */
  authorize_per_s_all_cores: number;
}

export interface AuthorizeBench {
  /** Median of the measures taken before, between and after the windows. */
  rsa_bound: RsaBound;
  /** Each measure's decrypts/s on one core. */
  rsa_bound_per_measure: number[];
  /** One entry per load window. */
  windows: AuthorizeBenchResult[];
  requests_per_second: Spread;
  /** Each window's req/s as % of the RSA bound (one core) measured just before and after it. */
  percent_of_rsa_bound: Spread;
  /** The same against the all-cores ceiling. */
  percent_of_all_cores_bound: Spread;
  /** GET status, one request at a time from another thread, during the load windows. */
  status_under_load_ms: { p50: number; p99: number; max: number; samples: number };
  /** The same probe against the idle gateway, before the load. */
  status_idle_ms: { p50: number; p99: number; samples: number };
}

const DECRYPTS_PER_AUTHORIZE = 4; // number, month, year, CVV

/** How many RSA-OAEP-256 decrypts one core does per second (this thread, `ms` long). */
export function measureRsaBound(ms = 1500): RsaBound {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const oaep = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' };
  const ciphertext = publicEncrypt({ key: publicKey, ...oaep }, Buffer.from('4000000000000002'));
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    privateDecrypt({ key: privateKey, ...oaep }, ciphertext);
    count += 1;
  }
  const perSecond = count / ((performance.now() - started) / 1000);
  const cores = availableParallelism();
  return {
    decrypts_per_s_one_core: Math.round(perSecond),
    cores,
    decrypts_per_authorize: DECRYPTS_PER_AUTHORIZE,
    authorize_per_s: Math.round(perSecond / DECRYPTS_PER_AUTHORIZE),
    authorize_per_s_all_cores: Math.round((perSecond * cores) / DECRYPTS_PER_AUTHORIZE),
  };
}

/**
 * GET /api/transactions/{id}/status one at a time from a worker thread (its own event loop:
 * the load generator's callbacks do not delay it), until told to stop; answers latencies.
 */
const STATUS_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
let running = true;
parentPort.on('message', () => { running = false; });
const once = () => new Promise((resolve) => {
  const t0 = performance.now();
  http.get(workerData.url, { agent, headers: workerData.headers }, (res) => {
    res.resume();
    res.on('end', () => { latencies.push(performance.now() - t0); resolve(); });
  }).on('error', () => resolve());
});
(async () => {
  while (running) {
    await once();
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage(latencies);
})();
`;

function startStatusProbe(url: string, headers: Record<string, string>): { stop(): Promise<number[]> } {
  const worker = new Worker(STATUS_PROBE, { eval: true, workerData: { url, headers } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const latencies = await done;
      await worker.terminate();
      return latencies;
    },
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

export async function benchAuthorize(options: { durationS: number; connections: number; windows: number }): Promise<AuthorizeBench> {
  const gateway = await startGatewayProcess();
  try {
    const client = new GatewayClient(gateway.url);
    // A transaction whose status the probe reads.
    const token = await client.accessToken();
    const approved = await client.authorize({
      reference: uniqueReference('bench-status'),
      terminal_id: 'TERM00001',
      description: 'bench',
      currency: 'EUR',
      amount: 1000,
      transaction_type: 'PURCHASE',
      return_url: 'https://merchant.example/return',
      browser_info: TEST_BROWSER_INFO,
      payment_method: { type: 'card', data: await client.encryptCard({ number: '4000000000000002' }) },
    });
    const statusUrl = `${gateway.url}/api/transactions/${approved.result!.id}/status`;
    const headers = { authorization: `Bearer ${token}`, 'user-agent': 'bench-status-probe' };

    const idleProbe = startStatusProbe(statusUrl, headers);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = await idleProbe.stop();

    // On a shared machine what one core gives changes minute to minute: the bound is measured
    // before and after each window, and each window is compared with the mean of the two.
    const bounds = [measureRsaBound()];
    const windows: AuthorizeBenchResult[] = [];
    const underLoad: number[] = [];
    for (let w = 0; w < options.windows; w += 1) {
      const probe = startStatusProbe(statusUrl, headers);
      const { result, verification } = await authorizeLoad(gateway.url, {
        durationS: options.durationS,
        connections: options.connections,
        referencePrefix: `bench-${w}`,
      });
      underLoad.push(...(await probe.stop()));
      windows.push({
        requests_per_second: Math.round(result.requests.average),
        latency_p50_ms: result.latency.p50,
        latency_p99_ms: result.latency.p99,
        non_2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        duration_s: options.durationS,
        connections: options.connections,
        ...verification,
      });
      bounds.push(measureRsaBound());
    }
    const rps = windows.map((w) => w.requests_per_second);
    const boundAround = (w: number) => (bounds[w]!.authorize_per_s + bounds[w + 1]!.authorize_per_s) / 2;
    const perCore = bounds.map((b) => b.decrypts_per_s_one_core);
    const rsa: RsaBound = { ...bounds[0]!, decrypts_per_s_one_core: Math.round(quantile(perCore, 0.5)) };
    rsa.authorize_per_s = Math.round(rsa.decrypts_per_s_one_core / rsa.decrypts_per_authorize);
    rsa.authorize_per_s_all_cores = Math.round((rsa.decrypts_per_s_one_core * rsa.cores) / rsa.decrypts_per_authorize);
    return {
      rsa_bound: rsa,
      rsa_bound_per_measure: perCore,
      windows,
      requests_per_second: spread(rps),
      percent_of_rsa_bound: spread(rps.map((r, w) => (100 * r) / boundAround(w))),
      percent_of_all_cores_bound: spread(rps.map((r, w) => (100 * r) / (boundAround(w) * rsa.cores))),
      status_under_load_ms: { p50: r1(quantile(underLoad, 0.5)), p99: r1(quantile(underLoad, 0.99)), max: r1(Math.max(...underLoad)), samples: underLoad.length },
      status_idle_ms: { p50: r1(quantile(idle, 0.5)), p99: r1(quantile(idle, 0.99)), samples: idle.length },
    };
  } finally {
    await gateway.stop();
  }
}
