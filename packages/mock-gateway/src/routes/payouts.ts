/**
 * POST /api/transactions/payout: non-card payouts to a bank account or a mobile wallet.
 * The terminal must carry TRX_TYPE_PAYOUT. Every payout is accepted asynchronously: it is
 * PENDING in the response (result only; action, redirect and form_submit are null) and the
 * provider settles it later (POST /__mock/transactions/{id}/settle). Idempotent per terminal
 * by reference. payment_method.masked and .method hold the account number (or the mobile
 * number) with only the last 4 digits visible.
 *
 * Decided where the spec is silent:
 *  - reference is 1 to 80 characters (the schema's limit; the prose says 40);
 *  - mobile_money requires data.mobile (the spec lists mobile as optional, but a mobile
 *    wallet payout has nowhere else to go) → 422 `beneficiary.data.mobile`;
 *  - data.ifsc is required when currency is INR, whatever the beneficiary type (the spec
 *    says "yes for INR") → 422 `beneficiary.data.ifsc`; its format is not checked;
 *  - payment_method.type is `payout_upi` for an INR bank_account payout (the value the spec
 *    observed), `payout_bank_account` / `payout_mobile_money` otherwise;
 *  - beneficiary data fields are 1 to 255 characters (account_number and mobile 1 to 64);
 *  - a reference already used on the terminal by another kind of transaction is a 422 on
 *    property `reference`; a repeat answers the current transaction once it is settled;
 *  - customer.id, when sent, must be a stored customer of the merchant (422 `customer.id`);
 *  - no originator_url is taken: the record keeps the terminal's website;
 *  - `options` is accepted (any object) and ignored.
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { BEARER, callerOf } from '../http/authentication';
import type { GatewayContext } from '../context';
import { payOut } from '../payments/payout';
import { payoutSchema } from './schemas/transactions';

export function registerPayoutRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post('/transactions/payout', { schema: payoutSchema, config: { auth: BEARER } }, async (request) => {
    const principal = callerOf(request);
    return payOut(ctx, principal.merchantId, request.body, request.ip);
  });
}
