/**
 * A webhook receiver for tests, checking each delivery exactly as the spec tells merchants
 * to, with the verifier this kit exports (`createWebhookVerifier`: the JWT's RS256 signature
 * against the gateway's published keys, its issuer and audience, the merchant id, and the
 * SHA-512 of the raw body against its data.SHA512); 401 when any fails. Verified events are
 * kept in order, once per signed delivery id (the JWT's
 * `jti`, the same on every retry; the unsigned x-webhook-id header is not trusted): a
 * delivery id seen before (a replay, or a retry whose first answer was lost) is not kept
 * again, and is acknowledged 200 so that the gateway stops retrying it (a non-2xx would be
 * retried until the 24-hour horizon).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookBody } from '@payments/core';
import { createWebhookVerifier } from '@payments/mock-gateway';

export interface ReceivedWebhook {
  id: string;
  attempt: number;
  event: string;
  body: WebhookBody;
  receivedAt: number;
}

export interface WebhookInbox {
  /** Where the gateway should deliver. */
  url: string;
  /** Verified events, oldest first, one per delivery id. */
  events(): ReceivedWebhook[];
  /** Deliveries refused (bad digest, signature or audience), for tests of forgery. */
  refused(): number;
  /** Deliveries not kept because their signed delivery id was already received (answered 200). */
  replayed(): number;
  /** Resolves with the first verified event matching, or rejects after `timeout` ms. */
  waitFor(predicate: (event: ReceivedWebhook) => boolean, options?: { timeout?: number }): Promise<ReceivedWebhook>;
  /** Answer this HTTP status to the next `count` deliveries (to test retries). */
  failNext(count: number, status?: number): void;
  clear(): void;
  close(): Promise<void>;
}

/** The transaction id a webhook is about, whatever its kind. */
export function webhookTransactionId(event: ReceivedWebhook): string | undefined {
  const body = event.body as { payload?: { id?: string }; data?: { transaction_id?: string } };
  return body.payload?.id ?? body.data?.transaction_id;
}

export async function startWebhookInbox(options: { gatewayUrl: string; host?: string; merchantId?: string }): Promise<WebhookInbox> {
  const verify = createWebhookVerifier({ gatewayUrl: options.gatewayUrl, merchantId: options.merchantId ?? 'MERCHANT0001' });
  const received: ReceivedWebhook[] = [];
  const seen = new Set<string>();
  const waiters = new Set<() => void>();
  let refusedCount = 0;
  let replayedCount = 0;
  let failures: { count: number; status: number } = { count: 0, status: 500 };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        if (failures.count > 0) {
          failures.count -= 1;
          response.writeHead(failures.status).end();
          return;
        }
        const raw = Buffer.concat(chunks);
        const verified = await verify(raw, request.headers.authorization);
        if (!verified.ok) {
          refusedCount += 1;
          response.writeHead(401).end();
          return;
        }
        const id = verified.deliveryId;
        if (seen.has(id)) {
          replayedCount += 1;
          response.writeHead(200, { 'content-type': 'application/json' }).end('{"duplicate":true}');
          return;
        }
        seen.add(id);
        const body = JSON.parse(raw.toString('utf8')) as WebhookBody;
        received.push({ id, attempt: Number(request.headers['x-webhook-attempt'] ?? 1), event: body.event, body, receivedAt: Date.now() });
        for (const wake of waiters) wake();
        response.writeHead(200).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/webhooks`,
    events: () => [...received],
    refused: () => refusedCount,
    replayed: () => replayedCount,
    waitFor(predicate, { timeout = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(predicate);
          if (!found) return false;
          cleanup();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching webhook within ${timeout} ms; received: ${received.map((e) => e.event).join(', ') || 'none'}`));
        }, timeout);
        const wake = () => void check();
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        waiters.add(wake);
        check();
      });
    },
    failNext(count, status = 500) {
      failures = { count, status };
    },
    clear() {
      received.length = 0; // delivery ids stay remembered: a replay after clear() is still refused
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
