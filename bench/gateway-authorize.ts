/**
 * Authorize throughput of the mock gateway on loopback: a frictionless test card, each
 * request with its own reference (so every one is a real authorization: four RSA-OAEP
 * decryptions, the simulator, the store, the webhook outbox), 10 connections for 10 s.
 * The gateway runs in its own process so the load generator does not share its event loop.
 */
import autocannon from 'autocannon';
import { GatewayClient } from '@payments/testing';
import { startGatewayProcess } from './gateway-process';

export interface AuthorizeBenchResult {
  requests_per_second: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  non_2xx: number;
  errors: number;
  approved_transactions: number;
  responses_2xx: number;
  duration_s: number;
  connections: number;
}

export async function benchAuthorize(options: { durationS?: number; connections?: number } = {}): Promise<AuthorizeBenchResult> {
  const durationS = options.durationS ?? 10;
  const connections = options.connections ?? 10;
  const gateway = await startGatewayProcess(4310);
  try {
    const client = new GatewayClient(gateway.url);
    const token = await client.accessToken();
    const data = await client.encryptCard({ number: '4000000000000002' });
    let counter = 0;
    const result = await autocannon({
      url: `${gateway.url}/api/transactions/authorize`,
      connections,
      duration: durationS,
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'user-agent': 'autocannon-bench',
      },
      requests: [
        {
          setupRequest: (request) => {
            counter += 1;
            return {
              ...request,
              body: JSON.stringify({
                reference: `bench-${counter}`,
                terminal_id: 'TERM00001',
                description: 'bench',
                currency: 'EUR',
                amount: 1000,
                transaction_type: 'PURCHASE',
                payment_method: { type: 'card', data },
                return_url: 'https://merchant.example/return',
              }),
            };
          },
        },
      ],
    });
    const transactions = (await client.request<{ transaction: { status: string } }[]>('GET', '/__mock/transactions')).filter(
      (t) => t.transaction.status === 'APPROVED',
    ).length;
    return {
      requests_per_second: Math.round(result.requests.average),
      latency_p50_ms: result.latency.p50,
      latency_p99_ms: result.latency.p99,
      non_2xx: result.non2xx,
      errors: result.errors,
      approved_transactions: transactions,
      responses_2xx: result['2xx'],
      duration_s: durationS,
      connections,
    };
  } finally {
    await gateway.stop();
  }
}
