/**
 * `mock-gateway listen [--gateway URL] [--forward-to URL]`: prints each webhook event and each
 * delivery attempt as it happens, from the gateway's live stream (GET /dashboard/api/live,
 * the dashboard's own; on loopback no sign-in is needed, elsewhere `--client-id` and
 * `--client-secret` sign in as the dashboard does). With `--forward-to`, every new delivery is
 * also posted to that URL exactly as the gateway signs and posts it (the same body bytes, a
 * fresh RS256 JWT from the gateway's key, x-webhook-id), so a receiver on a laptop verifies it
 * against the gateway's /.well-known/jwks.json like any other. The line it prints says what
 * the local receiver answered, and whether the request verifies as a receiver verifies it
 * (webhooks/webhook-verifier.ts, the QA kit's verifier): a receiver that answers 401 to a
 * request marked "signature verified" has its own check to mend. Reconnects when the stream
 * drops; stops on the signal.
 */
import type { AttemptView, DeliveryView } from '../webhooks/delivery-view';
import type { LiveEvent } from '../dashboard/live';
import { createWebhookVerifier, gatewayKeys, type WebhookVerifier } from '../webhooks/webhook-verifier';

export interface ListenOptions {
  gateway: string;
  forwardTo?: string;
  clientId?: string;
  clientSecret?: string;
  /** Where lines go (default: stdout). */
  print?: (line: string) => void;
  signal?: AbortSignal;
  /** Called once the stream is open (tests wait for it). */
  onOpen?: () => void;
}

const USER_AGENT = 'mock-gateway-cli';
const RECONNECT_MS = 2_000;

function attemptLine(number: number, attempt: AttemptView): string {
  const answer = attempt.status === null ? `failed: ${attempt.error ?? 'no answer'}` : String(attempt.status);
  const excerpt = attempt.response_excerpt ? `  ${JSON.stringify(attempt.response_excerpt.slice(0, 80))}` : '';
  return `    attempt ${number}${attempt.series > 1 ? ` (resend ${attempt.series - 1})` : ''}  POST ${attempt.url}  ${answer}  ${attempt.duration_ms} ms${excerpt}`;
}

function deliveryLine(delivery: DeliveryView): string {
  return `${delivery.created_at}  ${delivery.event}  transaction ${delivery.transaction_id}  delivery ${delivery.id}`;
}

async function signInCookie(options: ListenOptions): Promise<string | undefined> {
  if (options.clientId === undefined || options.clientSecret === undefined) return undefined;
  const response = await fetch(new URL('/dashboard/api/sign-in', options.gateway), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
    body: JSON.stringify({ client_id: options.clientId, client_secret: options.clientSecret }),
  });
  if (!response.ok) throw new Error(`${options.gateway} refused the sign-in (${response.status}): check --client-id and --client-secret`);
  return response.headers.get('set-cookie')?.split(';')[0];
}

/** One verifier per merchant (the JWT's audience), sharing the gateway's keys. */
function verifiers(gateway: string): (merchantId: string) => WebhookVerifier {
  const keys = gatewayKeys(gateway);
  const byMerchant = new Map<string, WebhookVerifier>();
  return (merchantId) => {
    let verify = byMerchant.get(merchantId);
    if (!verify) byMerchant.set(merchantId, (verify = createWebhookVerifier({ gatewayUrl: gateway, merchantId, keys })));
    return verify;
  };
}

/**
 * Posts a delivery to the local receiver as the gateway would, after checking it as a
 * receiver does; answers the line to print.
 */
async function forward(options: ListenOptions & { forwardTo: string }, headers: Record<string, string>, id: string, verify: WebhookVerifier): Promise<string> {
  const signed = await fetch(new URL(`/dashboard/api/deliveries/${encodeURIComponent(id)}`, options.gateway), { headers });
  if (!signed.ok) return `    forward: the gateway answered ${signed.status} for the signed delivery`;
  const { signed: request } = (await signed.json()) as { signed: { headers: Record<string, string>; body: string } };
  const verified = await verify(request.body, request.headers.authorization ?? request.headers.Authorization);
  const verdict = verified.ok ? 'signature verified' : `signature does not verify: ${verified.reason}`;
  const started = performance.now();
  try {
    const answer = await fetch(options.forwardTo, { method: 'POST', headers: request.headers, body: request.body, redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    await answer.body?.cancel().catch(() => undefined);
    return `    forwarded  POST ${options.forwardTo}  ${answer.status}  ${Math.round(performance.now() - started)} ms  (${verdict})`;
  } catch (error) {
    return `    forwarded  POST ${options.forwardTo}  failed: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}  (${verdict})`;
  }
}

/** Reads server-sent events from a response body: each `event:`/`data:` block, parsed. */
async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<LiveEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (data) yield JSON.parse(data) as LiveEvent;
    }
  }
}

export async function listen(options: ListenOptions): Promise<void> {
  const print = options.print ?? ((line: string) => console.log(line));
  const cookie = await signInCookie(options);
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, ...(cookie ? { cookie } : {}) };
  const announced = new Set<string>();
  const verifierFor = verifiers(options.gateway);
  let first = true;
  while (!options.signal?.aborted) {
    try {
      const response = await fetch(new URL('/dashboard/api/live', options.gateway), {
        headers: { ...headers, accept: 'text/event-stream' },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (response.status === 401) throw new Error(`${options.gateway} wants a sign-in: give --client-id and --client-secret`);
      if (!response.ok || !response.body) throw new Error(`${options.gateway} answered ${response.status} for its live stream`);
      if (first) print(`Listening to ${options.gateway}${options.forwardTo ? `, forwarding deliveries to ${options.forwardTo}` : ''} (Ctrl+C stops)`);
      first = false;
      options.onOpen?.();
      for await (const event of serverSentEvents(response.body)) {
        if (event.type === 'delivery' && !announced.has(event.delivery.id)) {
          announced.add(event.delivery.id);
          print(deliveryLine(event.delivery));
          if (options.forwardTo) print(await forward({ ...options, forwardTo: options.forwardTo }, headers, event.delivery.id, verifierFor(event.merchant_id)));
        } else if (event.type === 'delivery' && event.delivery.attempts.length === 0) {
          print(`${event.delivery.created_at}  ${event.delivery.event}  delivery ${event.delivery.id} is being sent again`);
        } else if (event.type === 'attempt') {
          print(attemptLine(event.number, event.attempt));
        }
      }
    } catch (error) {
      if (options.signal?.aborted) return;
      if (error instanceof Error && /wants a sign-in|answered 4/.test(error.message)) throw error;
      print(`listen: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}; reconnecting…`);
    }
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
  }
}
