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
import type { ApiErrorItem, ExecutionResponse } from '@payments/core';
import type { GatewayContext } from '../context';
import { ApiError } from '../api-error';
import type { PayoutBody } from '../routes/schemas/transactions';
import { referenceLock } from '../store/locks';
import type { TransactionRecord } from '../store/records';
import { createTransaction, markPending, maskLast4, respond, resultResponse } from './build';
import { findIdempotent } from './idempotency';
import { checkCustomer, repeatResponse } from './payment';
import { originatorUrl, resolveTerminal } from './terminal';

/** A beneficiary's type, as the payout body's schema allows it. */
export type BeneficiaryType = PayoutBody['beneficiary']['type'];

/** A payout for this merchant (`ip`: the caller's, when the body names no customer_ip), or the answer its reference already has. */
export async function payOut(ctx: GatewayContext, merchantId: string, body: PayoutBody, ip: string): Promise<ExecutionResponse> {
  const errors = beneficiaryErrors(body.beneficiary, body.currency);
  if (errors.length > 0) throw new ApiError(422, errors);
  const { terminal } = resolveTerminal(ctx, merchantId, body.terminal_id, 'TRX_TYPE_PAYOUT');
  return ctx.store.atomic([referenceLock(terminal.id, body.reference)], async () => {
    const existing = await findIdempotent(ctx, terminal.id, body.reference, body.amount, body.currency);
    if (existing) return repeatResponse(existing, isNonCardPayout);
    await checkCustomer(ctx, merchantId, body.customer);

    const destination = payoutDestination(body.beneficiary);
    const record = createTransaction(ctx, {
      merchantId,
      terminalId: terminal.id,
      reference: body.reference,
      description: body.description,
      currency: body.currency,
      amount: body.amount,
      transactionType: 'PAYOUT',
      paymentMethod: {
        type: payoutMethodType(body.beneficiary.type, body.currency),
        masked: maskLast4(destination),
        method: maskLast4(destination),
      },
      customer: body.customer ?? null,
      customerIp: body.customer_ip ?? ip,
      integrationType: 'DIRECT_API',
      metadata: body.metadata ?? {},
      originatorUrl: originatorUrl(terminal, undefined),
      returnUrl: body.return_url ?? null,
    });
    markPending(ctx, record);
    return respond(record, resultResponse(record));
  });
}

/** The Beneficiary table's conditional requirements, which depend on type and currency. */
export function beneficiaryErrors(beneficiary: PayoutBody['beneficiary'], payoutCurrency: string): ApiErrorItem[] {
  const errors: ApiErrorItem[] = [];
  const { type, data } = beneficiary;
  if (type === 'bank_account' && !data.account_number) {
    errors.push(required('beneficiary.data.account_number', 'for a bank_account beneficiary'));
  }
  // Our decision: the spec marks mobile optional, but a mobile_money payout needs a number.
  if (type === 'mobile_money' && !data.mobile) {
    errors.push(required('beneficiary.data.mobile', 'for a mobile_money beneficiary'));
  }
  if (payoutCurrency === 'INR' && !data.ifsc) {
    errors.push(required('beneficiary.data.ifsc', 'for an INR payout'));
  }
  return errors;
}

function required(property: string, condition: string): ApiErrorItem {
  const field = property.split('.').pop() ?? property;
  return { property, message: `must have required property '${field}' ${condition}`, params: [field] };
}

/** Where the money goes: the account number, or the mobile number for mobile money. */
function payoutDestination(beneficiary: PayoutBody['beneficiary']): string {
  const value = beneficiary.type === 'bank_account' ? beneficiary.data.account_number : beneficiary.data.mobile;
  return value ?? '';
}

export function payoutMethodType(type: BeneficiaryType, payoutCurrency: string): string {
  if (type === 'bank_account') return payoutCurrency === 'INR' ? 'payout_upi' : 'payout_bank_account';
  return 'payout_mobile_money';
}

/** A payout of this endpoint (not a card PAYOUT of authorize, which shares the type). */
export function isNonCardPayout(record: TransactionRecord): boolean {
  const tx = record.transaction;
  return tx.transaction_type === 'PAYOUT' && tx.payment_method.type.startsWith('payout_');
}
