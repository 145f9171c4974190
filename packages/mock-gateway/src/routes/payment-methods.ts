/**
 * DELETE /api/payment-methods/{payment_method_id}: detaches a saved card. Merchant backend
 * only: a bearer token with permission payment_method:detach (403 `insufficient_scope`
 * without it); the public client key is refused with 401 `{error}`. The card moves to
 * status DELETED and is kept for reconciliation; deleting again answers the same 200 body.
 * `publicPaymentMethod` is the saved card as the API shows it: never the full number.
 *
 * Decided where the spec is silent:
 *  - the spec's "422, condition not shown": an unknown id, or another merchant's saved
 *    card, is a 422 on property `payment_method_id`;
 *  - card's fields: brand, bin, last_4, masked, exp_month, exp_year (the tokenization
 *    webhook's card_* fields without the prefix).
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { callerOf } from '../http/authentication';
import type { GatewayContext } from '../context';
import { invalid } from '../api-error';
import { paymentMethodLock } from '../store/locks';
import type { SavedPaymentMethod } from '../store/records';
import { deletePaymentMethodSchema } from './schemas/customers';

export const DETACH_SCOPE = 'payment_method:detach';

/** A saved card as the merchant sees it: the stored record without its merchant, full number and internal fields. */
export type PublicPaymentMethod = Omit<SavedPaymentMethod, 'merchant_id' | 'card' | 'tokenize_for' | 'created_at'> & { card: Omit<SavedPaymentMethod['card'], 'number'> };

export function registerPaymentMethodRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.delete(
    '/payment-methods/:payment_method_id',
    { schema: deletePaymentMethodSchema, config: { auth: { scope: DETACH_SCOPE } } },
    async (request) => {
      const principal = callerOf(request);
      const id = request.params.payment_method_id;
      return ctx.store.atomic([paymentMethodLock(id)], async () => {
        const saved = await ctx.store.paymentMethod(id);
        if (!saved || saved.merchant_id !== principal.merchantId) {
          throw invalid('payment_method_id', 'Payment method not found', [id]);
        }
        saved.status = 'DELETED';
        ctx.store.put('payment_method', saved);
        return publicPaymentMethod(saved);
      });
    },
  );
}

/** The saved card as answered by the API: masked, without the stored full number. */
export function publicPaymentMethod(pm: SavedPaymentMethod): PublicPaymentMethod {
  const { brand, bin, last_4, masked, exp_month, exp_year } = pm.card;
  return {
    id: pm.id,
    type: pm.type,
    status: pm.status,
    customer_id: pm.customer_id,
    email: pm.email,
    metadata: structuredClone(pm.metadata),
    card: { brand, bin, last_4, masked, exp_month, exp_year },
  };
}
