/**
 * POST /webhooks (the receiver the gateway posts to) and GET /api/events (the page's event
 * log). The route lives in its own Fastify scope whose only body parser keeps the raw
 * bytes: the signature covers the exact bytes, so the body is hashed before anything
 * parses it, and parsed only once it is verified.
 */
import type { FastifyInstance } from 'fastify';
import type { EventsResponse, WebhookEventRecord } from '../shared/api-types';
import type { ApplyDelivery, WebhookInbox } from './webhook-inbox';
import type { WebhookVerifier } from '@payments/testing';

const MAX_WEBHOOK_BYTES = 1024 * 1024;

export interface WebhookRouteOptions {
  verify: WebhookVerifier;
  inbox: WebhookInbox;
  /** What a new verified event changes in the shop's database (its order), in the transaction that records it. */
  apply?: ApplyDelivery;
  /** Called once per new verified event with its parsed body, after it is recorded (e.g. saved cards). */
  onEvent?: (body: unknown) => void;
}

function field(source: Record<string, unknown>, name: string): string | null {
  const value = source[name];
  return typeof value === 'string' ? value : null;
}

function numberField(source: Record<string, unknown>, name: string): number | null {
  const value = source[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The log entry of a verified body: the transaction events' `payload`, or the tokenization
 * event's `data`. Null when the body is not an event at all.
 */
export function summarizeEvent(body: unknown, webhookId: string, attempt: number | null, receivedAt: Date): WebhookEventRecord | null {
  if (!isObject(body) || typeof body.event !== 'string') return null;
  const payload = isObject(body.payload) ? body.payload : isObject(body.data) ? body.data : {};
  return {
    webhookId,
    attempt,
    receivedAt: receivedAt.toISOString(),
    event: body.event,
    transactionId: field(payload, 'id') ?? field(payload, 'transaction_id'),
    reference: field(payload, 'reference'),
    status: field(payload, 'status'),
    amount: numberField(payload, 'amount'),
    currency: field(payload, 'currency'),
    processingCode: field(payload, 'processing_code'),
    responseMessage: field(payload, 'response_message'),
  };
}

export function registerWebhookRoutes(app: FastifyInstance, { verify, inbox, apply, onEvent }: WebhookRouteOptions): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES }, (_request, body, done) => {
      done(null, body);
    });

    scope.post('/webhooks', async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const verification = await verify(raw, request.headers.authorization);
      if (!verification.ok) {
        request.log.warn({ reason: verification.reason }, 'webhook rejected');
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer error="invalid_token"')
          .send({ error: verification.reason, message: 'The webhook signature could not be verified.' });
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ error: 'invalid_json', message: 'The webhook body is not JSON.' });
      }
      // Deduplicated on the signed delivery id (jti), never on the unsigned x-webhook-id header.
      const webhookId = verification.deliveryId;
      const attemptHeader = Number(request.headers['x-webhook-attempt']);
      const attempt = Number.isInteger(attemptHeader) && attemptHeader > 0 ? attemptHeader : null;
      const event = summarizeEvent(body, webhookId, attempt, new Date());
      if (!event) return reply.code(400).send({ error: 'not_an_event', message: 'The webhook body has no event.' });
      let added: boolean;
      try {
        added = await inbox.receive(event, apply);
      } catch (error) {
        // Nothing was recorded: the gateway retries, and the retry is processed as new.
        request.log.error({ err: error }, 'recording the webhook failed');
        return reply.code(503).header('retry-after', '5').send({ error: 'unavailable', message: 'The webhook could not be recorded; please retry.' });
      }
      if (!added) {
        // A delivery id already processed (before a restart too): a replay, or a retry after
        // our answer was lost. Not applied again; acknowledged (2xx) so the gateway stops retrying it.
        return { received: true, duplicate: true };
      }
      onEvent?.(body);
      return { received: true };
    });
  });

  app.get<{ Querystring: { transaction_id?: string } }>('/api/events', async (request): Promise<EventsResponse> => {
    const id = request.query.transaction_id;
    return { events: await inbox.list(typeof id === 'string' && id !== '' ? id : undefined) };
  });
}
