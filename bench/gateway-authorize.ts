/**
 * Authorize throughput of the mock gateway on loopback: a frictionless test card, each
 * request with its own reference (so every one is a real authorization: four RSA-OAEP
 * decryptions, the simulator, the store, the webhook outbox), 10 connections for 10 s.
 * The gateway runs in its own process so the load generator does not share its event loop.
 *
 * After the load, the store is checked against what the load generator saw: every 2xx
 * answer's transaction is stored APPROVED (none lost), no reference has two transactions
 * (none doubled), and approved transactions = 2xx answers + the requests still in flight
 * when the window closed (their answers arrive after autocannon stops listening).
 * `authorizeLoad` is shared with the hostile suite's bounded load test.
 */
import { TEST_BROWSER_INFO } from '@payments/core';
import autocannon from 'autocannon';
import { GatewayClient } from '@payments/testing';
import { startGatewayProcess } from './gateway-process';

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
  const verification = await verifyStore(client, prefix, sent, answeredIds);
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
  transaction: { id: string; reference: string; status: string };
  parent_id: string | null;
}

/** Compares the store with what the load generator saw, once the last requests have landed. */
async function verifyStore(client: GatewayClient, prefix: string, sent: number, answeredIds: string[]): Promise<LoadVerification> {
  const read = async () =>
    (await client.request<StoredTransaction[]>('GET', '/__mock/transactions')).filter((t) => t.parent_id === null && t.transaction.reference.startsWith(`${prefix}-`));
  let stored = await read();
  for (let settled = 0; settled < 2; ) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const again = await read();
    settled = again.length === stored.length ? settled + 1 : 0;
    stored = again;
  }
  const statusById = new Map(stored.map((t) => [t.transaction.id, t.transaction.status]));
  const perReference = new Map<string, number>();
  for (const t of stored) perReference.set(t.transaction.reference, (perReference.get(t.transaction.reference) ?? 0) + 1);
  const approved = stored.filter((t) => t.transaction.status === 'APPROVED').length;
  return {
    requests_sent: sent,
    responses_2xx: answeredIds.length,
    approved_transactions: approved,
    lost_transactions: answeredIds.filter((id) => statusById.get(id) !== 'APPROVED').length,
    doubled_references: [...perReference.values()].filter((n) => n > 1).length,
    unanswered_at_close: approved - answeredIds.length,
  };
}

export async function benchAuthorize(options: { durationS?: number; connections?: number } = {}): Promise<AuthorizeBenchResult> {
  const durationS = options.durationS ?? 10;
  const connections = options.connections ?? 10;
  const gateway = await startGatewayProcess(4310);
  try {
    const { result, verification } = await authorizeLoad(gateway.url, { durationS, connections, referencePrefix: 'bench' });
    return {
      requests_per_second: Math.round(result.requests.average),
      latency_p50_ms: result.latency.p50,
      latency_p99_ms: result.latency.p99,
      non_2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      duration_s: durationS,
      connections,
      ...verification,
    };
  } finally {
    await gateway.stop();
  }
}
