/**
 * Sending a delivery again on request (the dashboard's Resend, `mock-gateway events resend`,
 * POST /__mock/webhooks/{id}/resend), as Stripe's "Resend" does: the same delivery — the same
 * id (x-webhook-id, JWT jti) and the same body bytes, so a receiver that already processed it
 * acknowledges it without processing it twice — in a new series of attempts with a fresh
 * 24-hour horizon, to the webhook URL set now (the delivery's own when none is set).
 */
import type { GatewayContext } from '../context';
import { ApiError, NotFoundError } from '../api-error';
import type { WebhookDelivery } from './outbox';

/** Re-arms delivery `id` (only `merchantId`'s when given) and starts its new series; answers it as stored. */
export async function resendDelivery(ctx: GatewayContext, id: string, merchantId?: string): Promise<WebhookDelivery> {
  const stored = await ctx.store.deliveries.get(id);
  if (!stored || (merchantId !== undefined && stored.delivery.merchant_id !== merchantId)) throw new NotFoundError(`No webhook delivery ${id}`);
  const url = ctx.config.webhook_url || stored.delivery.url;
  if (!url) throw new ApiError(409, [{ property: '', message: 'No webhook URL is set: set one (--webhook-url, POST /__mock/config) to resend', params: [] }]);
  // Due now, a fresh horizon (first_attempt_at cleared), resends counted: one statement.
  const rearmed = await ctx.store.deliveries.rearm(id, url, ctx.clock.now());
  if (!rearmed) throw new NotFoundError(`No webhook delivery ${id}`);
  ctx.webhooks.wake();
  return rearmed.delivery;
}
