/**
 * POST /api/transactions/payment: alternative payments by method (OPEN_BANKING, UPI,
 * WALLETS, BANK_TRANSFER, QR_CODE). The terminal must carry TRX_TYPE_PAYMENT and have the
 * method enabled. OPEN_BANKING and WALLETS answer a redirect to the provider's page; UPI,
 * BANK_TRANSFER and QR_CODE answer a PENDING result. Either way the transaction is PENDING
 * until the provider settles it (provider page or POST /__mock/transactions/{id}/settle).
 * Idempotent per terminal by reference.
 *
 * Decided where the spec is silent:
 *  - a method the terminal has not enabled is a 422 on property `method`;
 *  - a reference already used on the terminal by another kind of transaction (a card
 *    payment, a payout) is a 422 on property `reference`, never an idempotent answer;
 *  - an idempotent repeat answers the original execution response while the payment is
 *    still PENDING (the same redirect), and the current transaction as `result` once the
 *    provider has settled it;
 *  - customer.id, when sent, must be a stored customer of the merchant (422 `customer.id`),
 *    as on authorize;
 *  - `options` is accepted (any object) and ignored: its keys are provider specific.
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { BEARER, callerOf } from '../http/authentication';
import type { GatewayContext } from '../context';
import { pay } from '../payments/payment';
import { paymentSchema } from './schemas/transactions';

export function registerPaymentRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post('/transactions/payment', { schema: paymentSchema, config: { auth: BEARER } }, async (request) => {
    const principal = callerOf(request);
    return pay(ctx, principal.merchantId, request.body);
  });
}
