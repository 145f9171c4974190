/**
 * POST /api/transactions/manage: CAPTURE, REFUND and VOID on an existing transaction.
 * The original is `parent_transaction_id` when given, else the transaction of
 * (terminal, reference). Each operation creates a child transaction (same
 * reference and order_id, payment method copied, parent_id the original), announced by the
 * management webhooks through `finalize`, and answers that child Transaction.
 *
 * Test behaviour (ours): `metadata.response_code` TRX_STATUS_DECLINED (or TRX_STATUS_FAILED)
 * makes the provider refuse the operation: the child is DECLINED (FAILED), announced by the
 * management declined events, and the original is left as it was.
 *
 * Rules (every violation is a 422 naming the property at fault):
 *  - currency must be the original's (`currency`); amount at most the original's (`amount`);
 *  - PAYMENT and non-card PAYOUT transactions take no operation (`transaction_type`);
 *  - CAPTURE: an APPROVED AUTHORIZE; amount at most the authorized amount not yet captured;
 *  - REFUND: an APPROVED PURCHASE, an APPROVED AUTHORIZE with something captured, or an
 *    APPROVED CAPTURE child; amount at most what was paid in and not yet refunded;
 *  - VOID: an APPROVED AUTHORIZE with nothing captured, or a PENDING transaction; the
 *    original becomes VOIDED.
 *
 * Decided where the spec is silent:
 *  - an operation the original's type or status does not allow is a 422 on property
 *    `transaction_type` (the message names the original's type and status);
 *  - unknown original: 422 on `reference` (or `parent_transaction_id` when given; a parent
 *    on another terminal or of another merchant is unknown); a parent whose reference
 *    differs from `reference` is a 422 on `reference`;
 *  - options.final_capture: after a final capture (partial or not) nothing more can be
 *    captured on that authorization; the rest of the hold is released. Refunds of what was
 *    captured stay possible;
 *  - refunding a CAPTURE child also counts against its AUTHORIZE, so refunds through the
 *    authorization and through its captures together never exceed what was captured;
 *  - VOID ignores `amount` beyond the "at most the original amount" rule: a void always
 *    cancels the whole transaction, and the VOID child carries the original's amount;
 *  - the voided original gets status VOIDED, approved and pending false, redirect_url null,
 *    processing_code 1003 (canceled) and response_message TRX_STATUS_VOIDED; it is not
 *    announced by webhook itself (the VOID child's management event announces the void);
 *  - a fully refunded PURCHASE stays APPROVED (no REFUNDED status is shown);
 *  - manage calls are not idempotent: each accepted call is a new operation;
 *  - the child keeps the original's description, customer, customer_ip, integration type
 *    and originator_url; its metadata is the request's (strings only);
 *  - the answer is HTTP 200 with the child Transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { BEARER, callerOf } from '../http/authentication';
import type { GatewayContext } from '../context';
import { manage } from '../payments/manage';
import { manageSchema } from './schemas/transactions';

export function registerManageRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post('/transactions/manage', { schema: manageSchema, config: { auth: BEARER } }, async (request) => {
    const principal = callerOf(request);
    return manage(ctx, principal.merchantId, request.body);
  });
}
