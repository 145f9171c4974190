/**
 * `mock-gateway trigger <event>`: makes a running gateway send one webhook event of the spec
 * (the recipes in ./trigger-recipes.ts), then prints what it made: the transaction, its
 * session, for a management event the original, and the delivery of that event with how
 * its first attempt went (read from GET /__mock/webhooks), or all of it as JSON (--json).
 *
 * Exit codes: 0 the gateway announced the event; 1 it could not be made or the gateway did
 * not announce it; 2 a usage error (an unknown event, a bad flag).
 */
import { parseArgs } from 'node:util';
import { TOKENIZATION_EVENT, type Transaction, type WebhookEventName } from '@payments/core';
import { defaultConfig, type MerchantConfig } from '../config';
import type { WebhookDelivery } from '../webhooks/outbox';
import { GatewayCallError, MerchantApi } from './merchant-api';
import { RECIPES, RecipeError, type Triggered } from './trigger-recipes';

export const DEFAULT_GATEWAY_URL = 'http://127.0.0.1:4010';

/** The events, in the spec's order. */
export const TRIGGER_EVENTS = Object.keys(RECIPES) as WebhookEventName[];

const TRANSACTION_PREFIX = 'transaction-svc:transaction:';

/** The name without its service prefix, also accepted: `purchase:approved`, `payment-method:tokenized`. */
function shortName(event: WebhookEventName): string {
  return event === TOKENIZATION_EVENT ? 'payment-method:tokenized' : event.slice(TRANSACTION_PREFIX.length);
}

function eventList(): string {
  const width = Math.max(...TRIGGER_EVENTS.map((e) => e.length)) + 2;
  return TRIGGER_EVENTS.map((event) => `  ${event.padEnd(width)}${RECIPES[event].does}`).join('\n');
}

export function triggerUsage(): string {
  return `Usage: mock-gateway trigger <event> [options]

Makes a running gateway send that webhook event, the way a merchant and its shopper would
(a payment session paid with a test card, a capture, refund or void, a saved card), and
prints the transaction, session and delivery ids. The name may be given without its
"${TRANSACTION_PREFIX}" prefix (e.g. purchase:approved).

Options:
  --gateway URL          the gateway (default ${DEFAULT_GATEWAY_URL})
  --client-id ID         the merchant's API client (default: the fixture's first merchant)
  --client-secret SECRET its secret (default: the fixture's, for a fixture client id)
  --client-key KEY       its public client key, to pay as the shopper's browser does
                         (default: the fixture's, for a fixture client id)
  --terminal ID          a terminal with the simplified simulator (default: the merchant's
                         first one in the fixture, TERM00001)
  --json                 print the result as JSON
  -h, --help             show this help

Events:
${eventList()}
`;
}

export interface TriggerOutput {
  out(text: string): void;
  err(text: string): void;
}

const consoleOutput: TriggerOutput = { out: (text) => console.log(text), err: (text) => console.error(text) };

/** What --json prints. */
export interface TriggerResult {
  event: WebhookEventName;
  transaction_id: string;
  session_id: string | null;
  original_transaction_id: string | null;
  transaction: Pick<Transaction, 'id' | 'transaction_type' | 'status' | 'reference' | 'amount' | 'currency' | 'processing_code'>;
  /** The delivery of this event; null when the gateway's delivery log cannot be read. */
  delivery: DeliveryView | null;
  /** The other deliveries the same change announced (e.g. the general event beside the specific one). */
  also: DeliveryView[];
}

export interface DeliveryView {
  id: string;
  event: string;
  state: WebhookDelivery['state'];
  url: string;
  attempts: WebhookDelivery['attempts'];
}

class UsageError extends Error {}

/** Runs the command with these arguments (those after `trigger`); resolves with the exit code. */
export async function runTrigger(argv: string[], output: TriggerOutput = consoleOutput): Promise<number> {
  try {
    const options = parseOptions(argv);
    if (options === 'help') {
      output.out(triggerUsage());
      return 0;
    }
    const result = await trigger(options);
    output.out(options.json ? JSON.stringify(result, null, 2) : describeResult(result, RECIPES[result.event].does));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`mock-gateway trigger: ${error.message}`);
      return 2;
    }
    if (error instanceof GatewayCallError || error instanceof RecipeError || error instanceof NotAnnouncedError) {
      output.err(`mock-gateway trigger: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

export interface TriggerOptions {
  event: WebhookEventName;
  gatewayUrl: string;
  clientId: string;
  clientSecret: string;
  clientKey: string;
  terminalId: string;
  json: boolean;
}

function parseOptions(argv: string[]): TriggerOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        gateway: { type: 'string' },
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        'client-key': { type: 'string' },
        terminal: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)} (mock-gateway trigger --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 1) {
    throw new UsageError(`name one event${positionals.length > 1 ? `, not ${positionals.length}` : ''}. Valid events:\n${TRIGGER_EVENTS.map((e) => `  ${e}`).join('\n')}`);
  }
  const event = TRIGGER_EVENTS.find((e) => e === positionals[0] || shortName(e) === positionals[0]);
  if (!event) throw new UsageError(`unknown event "${positionals[0]}". Valid events:\n${TRIGGER_EVENTS.map((e) => `  ${e}`).join('\n')}`);
  const gatewayUrl = values.gateway ?? DEFAULT_GATEWAY_URL;
  if (!URL.canParse(gatewayUrl) || !/^https?:$/.test(new URL(gatewayUrl).protocol)) throw new UsageError(`--gateway must be an http(s) URL, got "${gatewayUrl}"`);

  const fixture = defaultConfig();
  const clientId = values['client-id'] ?? fixture.merchants[0]!.client_id;
  const merchant: MerchantConfig | undefined = fixture.merchants.find((m) => m.client_id === clientId);
  const clientSecret = values['client-secret'] ?? merchant?.client_secret;
  const clientKey = values['client-key'] ?? merchant?.client_key;
  const terminalId = values.terminal ?? fixture.terminals.find((t) => t.merchant_id === merchant?.id && t.active && t.simulator === 'simplified')?.id;
  if (clientSecret === undefined) throw new UsageError(`--client-id ${clientId} is not in the fixture: give its --client-secret too`);
  if (clientKey === undefined) throw new UsageError(`--client-id ${clientId} is not in the fixture: give its --client-key too (the shopper's payment is sent with it)`);
  if (terminalId === undefined) throw new UsageError(`--client-id ${clientId} is not in the fixture: give a --terminal with the simplified simulator`);
  return { event, gatewayUrl, clientId, clientSecret, clientKey, terminalId, json: values.json ?? false };
}

class NotAnnouncedError extends Error {}

/** Makes the gateway announce `options.event` and reports what it made. */
export async function trigger(options: TriggerOptions): Promise<TriggerResult> {
  const api = new MerchantApi(options.gatewayUrl, { clientId: options.clientId, clientSecret: options.clientSecret, clientKey: options.clientKey });
  const made = await RECIPES[options.event].run({ api, terminalId: options.terminalId });
  const deliveries = await deliveriesOf(api, made.transaction.id, options.event);
  const delivery = deliveries?.find((d) => d.event === options.event);
  if (deliveries && !delivery) {
    const announced = deliveries.map((d) => d.event).join(', ') || 'nothing';
    throw new NotAnnouncedError(`the gateway did not announce ${options.event} for transaction ${made.transaction.id} (${made.transaction.status}); it announced ${announced}`);
  }
  return result(options.event, made, delivery ?? null, (deliveries ?? []).filter((d) => d !== delivery));
}

/** How long to wait for the first attempt of the delivery (one attempt times out after 5 s). */
const FIRST_ATTEMPT_WAIT_MS = 6_000;

/**
 * The deliveries announced for the transaction, once the event's has had its first attempt
 * (or FIRST_ATTEMPT_WAIT_MS passed); null when the gateway's delivery log cannot be read
 * (a gateway without the test routes).
 */
async function deliveriesOf(api: MerchantApi, transactionId: string, event: string): Promise<WebhookDelivery[] | null> {
  const deadline = Date.now() + FIRST_ATTEMPT_WAIT_MS;
  for (;;) {
    let deliveries: WebhookDelivery[];
    try {
      ({ deliveries } = await api.testRoute<{ deliveries: WebhookDelivery[] }>('GET', `/__mock/webhooks?transaction_id=${encodeURIComponent(transactionId)}`));
    } catch (error) {
      if (error instanceof GatewayCallError && error.status !== null) return null;
      throw error;
    }
    const wanted = deliveries.find((d) => d.event === event);
    if (!wanted || wanted.state !== 'pending' || wanted.attempts.length > 0 || Date.now() >= deadline) return deliveries;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function result(event: WebhookEventName, made: Triggered, delivery: WebhookDelivery | null, others: WebhookDelivery[]): TriggerResult {
  const tx = made.transaction;
  const view = (d: WebhookDelivery): DeliveryView => ({ id: d.id, event: d.event, state: d.state, url: d.url, attempts: d.attempts });
  return {
    event,
    transaction_id: tx.id,
    session_id: made.sessionId,
    original_transaction_id: made.original?.id ?? null,
    transaction: {
      id: tx.id,
      transaction_type: tx.transaction_type,
      status: tx.status,
      reference: tx.reference,
      amount: tx.amount,
      currency: tx.currency,
      processing_code: tx.processing_code,
    },
    delivery: delivery && view(delivery),
    also: others.map(view),
  };
}

/** The result for a person: one labelled line per id. */
export function describeResult(result: TriggerResult, does: string): string {
  const tx = result.transaction;
  const lines = [
    `mock-gateway: triggered ${result.event}`,
    `  made            ${does}`,
    `  transaction     ${tx.id}  ${tx.transaction_type} ${tx.status}, ${formatAmount(tx.amount, tx.currency)}, reference ${tx.reference}`,
  ];
  if (result.original_transaction_id) lines.push(`  original        ${result.original_transaction_id}`);
  if (result.session_id) lines.push(`  session         ${result.session_id}`);
  lines.push(`  delivery        ${result.delivery ? `${result.delivery.id}  ${deliveryState(result.delivery)}` : 'not visible (the gateway has no /__mock/webhooks)'}`);
  for (const other of result.also) lines.push(`  also announced  ${other.event}  (delivery ${other.id})`);
  return lines.join('\n');
}

function deliveryState(delivery: DeliveryView): string {
  const last = delivery.attempts.at(-1);
  const answer = !last ? '' : last.status !== null ? `${delivery.url} answered HTTP ${last.status}` : `${delivery.url} could not be reached (${last.error ?? 'no answer'})`;
  switch (delivery.state) {
    case 'no_url':
      return 'not sent: the gateway has no webhook URL (start it with --webhook-url, or POST /__mock/config)';
    case 'delivered':
      return `delivered: ${answer}`;
    case 'failed':
      return `failed: ${answer}; no more retries`;
    case 'pending':
      return last ? `${answer}; the gateway retries` : `sending to ${delivery.url} (no answer yet)`;
  }
}

function formatAmount(minorUnits: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    return format.format(minorUnits / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${minorUnits} ${currency} (minor units)`;
  }
}
