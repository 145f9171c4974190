/**
 * A webhook delivery as the dashboard, `mock-gateway listen` and POST /__mock/webhooks/{id}/resend
 * show it: an explicit list of fields, each attempt with the URL it was posted to.
 */
import type { StoredDelivery } from '../store/delivery-queue';
import type { AttemptView, DeliveryView } from '../../dashboard/src/api-types';
import type { WebhookAttempt, WebhookDelivery } from './outbox';

export type { AttemptView, DeliveryView };

export function attemptView(attempt: WebhookAttempt, delivery: WebhookDelivery): AttemptView {
  return {
    at: attempt.at,
    url: attempt.url ?? delivery.url,
    status: attempt.status,
    error: attempt.error,
    duration_ms: attempt.duration_ms,
    response_excerpt: attempt.response_excerpt ?? null,
    series: attempt.series ?? 1,
  };
}

export function deliveryView(stored: StoredDelivery | WebhookDelivery): DeliveryView {
  const delivery = 'delivery' in stored ? stored.delivery : stored;
  return {
    id: delivery.id,
    event: delivery.event,
    transaction_id: delivery.transaction_id,
    state: delivery.state,
    url: delivery.url,
    created_at: delivery.created_at,
    next_attempt_at: delivery.next_attempt_at,
    resends: delivery.resends ?? 0,
    attempts: delivery.attempts.map((attempt) => attemptView(attempt, delivery)),
  };
}
