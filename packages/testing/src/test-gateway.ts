/**
 * A mock gateway of its own for a test worker: in-process, on free loopback ports, so
 * suites run in parallel and shard without stepping on each other. Its webhooks go to a
 * verifying inbox. Node only.
 *
 * Or one already running (`connectTestGateway`, the fixtures' `externalGateway` option or
 * PAYMENTS_GATEWAY_URL): a shared sandbox, replicas behind a balancer. Then the sandbox's
 * webhook URL is this worker's inbox, so run such a suite with one worker.
 */
import { startGateway, type RunningGateway } from '@payments/mock-gateway';
import { GatewayClient } from './gateway-client';
import { startWebhookInbox, type WebhookInbox } from './webhook-inbox';

export interface TestGateway {
  url: string;
  acsUrl: string;
  client: GatewayClient;
  webhooks: WebhookInbox;
  /** The in-process gateway, for white-box assertions (store, deliveries); throws for a gateway the kit connected to. */
  running: RunningGateway;
  /**
   * What the gateway answered or accepted that its own /openapi.json does not allow, since the
   * last call (emptied by the call); always empty for a gateway the kit connected to.
   */
  takeContractMismatches(): string[];
  /** Forgets transactions, sessions and webhooks (POST /__mock/reset) and clears the inbox. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface TestGatewayOptions {
  webhookRetryBaseMs?: number;
  /** Start from this snapshot file (`mock-gateway snapshot export FILE`): seeded customers, saved cards… */
  snapshot?: string | undefined;
  /** Check every exchange against the gateway's document (default true): see takeContractMismatches. */
  holdToContract?: boolean;
}

export async function startTestGateway(options: TestGatewayOptions = {}): Promise<TestGateway> {
  const mismatches: string[] = [];
  const running = await startGateway({
    port: 0,
    host: '127.0.0.1',
    logger: false,
    ...(options.holdToContract !== false ? { contractCheck: (problem: string) => void mismatches.push(problem) } : {}),
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
    takeContractMismatches: () => mismatches.splice(0),
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

/** A gateway the kit did not start (e.g. a load balancer's URL): its webhooks are pointed at a new inbox here. */
export async function connectTestGateway(url: string, options: Pick<TestGatewayOptions, 'webhookRetryBaseMs'> & { inboxHost?: string } = {}): Promise<TestGateway> {
  const client = new GatewayClient(url);
  const config = (await client.request('GET', '/__mock/config')) as { acs_url: string };
  const webhooks = await startWebhookInbox({ gatewayUrl: url, ...(options.inboxHost !== undefined ? { host: options.inboxHost } : {}) });
  const pointWebhooksHere = () =>
    client.request('POST', '/__mock/config', { webhook_url: webhooks.url, webhook_retry_base_ms: options.webhookRetryBaseMs ?? 50 });
  await pointWebhooksHere();
  return {
    url,
    acsUrl: config.acs_url,
    client,
    webhooks,
    get running(): RunningGateway {
      throw new Error(`the QA kit is connected to a gateway it did not start (${url}): it has no in-process store to look into`);
    },
    takeContractMismatches: () => [],
    async reset() {
      await client.reset();
      await pointWebhooksHere();
      webhooks.clear();
    },
    async close() {
      await webhooks.close();
    },
  };
}
