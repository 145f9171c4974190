/**
 * Sending a delivery again on request (the dashboard's Resend, `mock-gateway events resend`,
 * POST /__mock/webhooks/{id}/resend), as Stripe's "Resend" does: the same delivery — the same
 * id (x-webhook-id, JWT jti) and the same body bytes, so a receiver that already processed it
 * acknowledges it without processing it twice — in a new series of attempts with a fresh
 * 24-hour horizon, to the webhook URL set now (the delivery's own when none is set).
 */
import type { GatewayContext } from '../context';
import { ApiError, NotFoundError } from '../api-error';
import { deliveryLock } from '../store/locks';
import type { WebhookDelivery } from './outbox';

/** Re-arms delivery `id` (only `merchantId`'s when given) and starts its new series; answers it as stored. */
export async function resendDelivery(ctx: GatewayContext, id: string, merchantId?: string): Promise<WebhookDelivery> {
  const delivery = await ctx.store.atomic([deliveryLock(id)], async () => {
    const stored = await ctx.store.get('delivery', id);
    if (!stored || (merchantId !== undefined && stored.delivery.merchant_id !== merchantId)) throw new NotFoundError(`No webhook delivery ${id}`);
    const url = ctx.config.webhook_url || stored.delivery.url;
    if (!url) throw new ApiError(409, [{ property: '', message: 'No webhook URL is set: set one (--webhook-url, POST /__mock/config) to resend', params: [] }]);
    const { delivery: d } = stored;
    d.resends = (d.resends ?? 0) + 1;
    d.state = 'pending';
    d.url = url;
    d.next_attempt_at = null;
    stored.first_attempt_at = null; // the new series has its own horizon
    stored.due_at = null;
    ctx.store.put('delivery', stored);
    const merchant = d.merchant_id;
    const done = d.attempts.length;
    ctx.store.afterCommit(() => ctx.webhooks.sendAgain(merchant, id, done));
    return d;
  });
  return delivery;
}
