/**
 * Who a payment is for, and whose saved card it may use (README, Security model).
 *  - The customer of a session or hosted page is set by the merchant (bearer) when it creates
 *    it; the browser (client key) may add contact details but never choose or change the id.
 *  - A saved card linked to a customer pays only for that customer: in the browser, only in a
 *    session or hosted page created for that customer; in a Direct API call, only with that
 *    `customer.id` (or none, which records the card's owner). An unlinked card ("usable only
 *    by its token", spec) is for the merchant's backend, never for a browser session.
 *  - CVV is required with a saved card unless the merchant opts out with `options.cvv_less`
 *    (hosted page and session creation, Direct API authorize).
 */
import type { Customer } from '@payments/core';
import { ERROR_CODES } from '@payments/core';
import type { GatewayContext } from '../context';
import { invalid } from '../api-error';
import { findCustomer, publicCustomer } from './customers';
import type { SavedPaymentMethod, SessionRecord } from '../store/records';

/** The customer the merchant created the session or hosted page for, if any. */
export function sessionCustomerId(session: SessionRecord): string | null {
  return session.hpp?.customer_id ?? session.session.customer?.id ?? null;
}

/** A stored customer of this merchant, or a 422 on `property`. */
export async function requireCustomer(ctx: GatewayContext, merchantId: string, id: string, property: string): Promise<Partial<Customer>> {
  const stored = await findCustomer(ctx, merchantId, id);
  if (!stored) throw invalid(property, 'Unknown customer', [id]);
  return publicCustomer(stored);
}

/**
 * The customer of a browser payment: the stored customer's details, the session's, then what
 * the shopper typed; the id is always the session's. A sent id that is not it is refused.
 */
export async function browserPaymentCustomer(
  ctx: GatewayContext,
  session: SessionRecord,
  sent: Partial<Customer>,
): Promise<Partial<Customer>> {
  const id = sessionCustomerId(session);
  if (sent.id !== undefined && sent.id !== null && sent.id !== id) {
    throw invalid('customer.id', 'The customer of a payment is set by the merchant when it creates the session', [String(sent.id)]);
  }
  const stored = id ? await requireCustomer(ctx, session.merchant_id, id, 'customer.id') : {};
  return { ...withoutEmpty(stored), ...withoutEmpty(session.session.customer ?? {}), ...withoutEmpty(sent), id };
}

/** Refuses a saved card this payment may not use; answers the customer the payment is for. */
export function checkSavedCardUse(
  saved: SavedPaymentMethod,
  payment: { customerId: string | null | undefined; fromBrowser: boolean },
): string | null {
  const owner = saved.customer_id || null;
  const refuse = (message: string) =>
    invalid('payment_method.data.payment_method_id', message, [saved.id], ERROR_CODES.PAYMENT_METHOD_CUSTOMER_MISMATCH);
  if (payment.fromBrowser) {
    if (!owner || owner !== payment.customerId) throw refuse('The saved card does not belong to the customer of this payment');
    return owner;
  }
  if (owner && payment.customerId && owner !== payment.customerId) throw refuse('The saved card belongs to another customer');
  return payment.customerId ?? owner;
}

/** Spec: "encrypted_cvv (may be required depending on provider)"; ours: unless the merchant opted out. */
export function checkSavedCardCvv(data: Record<string, unknown>, cvvLess: boolean): void {
  if (!cvvLess && data.encrypted_cvv === undefined) {
    throw invalid('payment_method.data.encrypted_cvv', 'is required with a saved card unless the merchant sets options.cvv_less');
  }
}

function withoutEmpty<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== '')) as Partial<T>;
}
