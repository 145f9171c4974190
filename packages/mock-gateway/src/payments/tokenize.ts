/**
 * Saving a card (spec: Saved cards): on an approved card transaction that asked for
 * `tokenization.save_card_for_future_payments`, with tokenization enabled for the merchant.
 * The token goes into payment_method.token and the tokenization webhook.
 */
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../context';
import { findMerchant } from '../context';
import type { TransactionRecord } from '../store/records';

export function saveCardIfAsked(ctx: GatewayContext, record: TransactionRecord): void {
  const ask = record.tokenize;
  const card = record.card;
  if (!ask?.save || !card || record.transaction.payment_method.type !== 'card') return;
  if (!findMerchant(ctx, record.transaction.merchant_id)?.tokenization) return;
  const id = `pm_${randomUUID().replace(/-/g, '')}`;
  const masked = record.transaction.payment_method.masked ?? `${card.bin}******${card.last4}`;
  ctx.store.put('payment_method', {
    id,
    merchant_id: record.transaction.merchant_id,
    type: 'CARD',
    status: 'ACTIVE',
    customer_id: ask.customer_id ?? '',
    email: record.transaction.customer.email,
    metadata: {},
    card: {
      brand: card.brand,
      bin: card.bin,
      last_4: card.last4,
      masked,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      number: card.number,
    },
    tokenize_for: ask.tokenize_for,
    created_at: ctx.clock.iso(),
  });
  record.transaction.payment_method.token = id;
  ctx.webhooks.announceTokenization(record.transaction.merchant_id, {
    payment_method_id: id,
    payment_method_type: 'CARD',
    card_brand: card.brand,
    card_bin: card.bin,
    card_last_4: card.last4,
    card_masked: masked,
    card_exp_month: card.exp_month,
    card_exp_year: card.exp_year,
    customer_id: ask.customer_id,
    transaction_id: record.transaction.id,
  });
}
