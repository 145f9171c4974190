/**
 * A mock gateway of its own for a test worker: in-process, on free loopback ports, so
 * suites run in parallel and shard without stepping on each other. Its webhooks go to a
 * verifying inbox. Node only.
 */
import { startGateway, type RunningGateway } from '@payments/mock-gateway';
import { GatewayClient } from './gateway-client';
import { startWebhookInbox, type WebhookInbox } from './webhook-inbox';

export interface TestGateway {
  url: string;
  acsUrl: string;
  client: GatewayClient;
  webhooks: WebhookInbox;
  /** The in-process gateway, for white-box assertions (store, deliveries). */
  running: RunningGateway;
  /** Forgets transactions, sessions and webhooks (POST /__mock/reset) and clears the inbox. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface TestGatewayOptions {
  webhookRetryBaseMs?: number;
  /** Start from this snapshot file (`mock-gateway snapshot export FILE`): seeded customers, saved cards… */
  snapshot?: string | undefined;
}

export async function startTestGateway(options: TestGatewayOptions = {}): Promise<TestGateway> {
  const running = await startGateway({
    port: 0,
    host: '127.0.0.1',
    logger: false,
    ...(options.snapshot !== undefined ? { snapshot: options.snapshot } : {}),
  });
  running.ctx.config.webhook_retry_base_ms = options.webhookRetryBaseMs ?? 50;
  const webhooks = await startWebhookInbox({ gatewayUrl: running.url });
  running.ctx.config.webhook_url = webhooks.url;
  running.ctx.webhooks.setUrl(webhooks.url);
  const client = new GatewayClient(running.url);
  return {
    url: running.url,
    acsUrl: running.acsUrl,
    client,
    webhooks,
    running,
    async reset() {
      await client.reset();
      running.ctx.webhooks.setUrl(webhooks.url);
      webhooks.clear();
    },
    async close() {
      await running.close();
      await webhooks.close();
    },
  };
}
