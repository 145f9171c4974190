/**
 * A hosted page's saved cards: the active, unexpired cards of the customer the merchant
 * created the page for (none for an Embedded Fields session: its frames never list cards).
 */
import type { SavedCardSummary } from '@payments/core';
import type { GatewayContext } from '../context';
import type { SavedPaymentMethod, SessionRecord } from '../store/records';

export async function pageSavedCards(ctx: GatewayContext, merchantId: string, record: SessionRecord): Promise<SavedCardSummary[]> {
  const customerId = record.kind === 'HPP' ? record.hpp?.customer_id : null;
  if (!customerId) return [];
  const now = new Date(ctx.clock.now());
  return (await ctx.store.paymentMethodsOf(merchantId, customerId))
    .filter((m) => m.status === 'ACTIVE' && !isExpired(m, now))
    .map((m) => ({ id: m.id, brand: m.card.brand, masked: m.card.masked, exp_month: m.card.exp_month, exp_year: m.card.exp_year }));
}

function isExpired(method: SavedPaymentMethod, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return method.card.exp_year < year || (method.card.exp_year === year && method.card.exp_month < month);
}
