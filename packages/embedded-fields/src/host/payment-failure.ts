/**
 * isPaymentFailure: tells what submitPayment's promise rejected with (a PaymentFailure: the
 * error's `code` and localized `message`) from anything else a `catch` may hold (a
 * programming error, a cancelled mount's AbortError), without a cast.
 */
import type { PaymentFailure } from './public-api';

export function isPaymentFailure(value: unknown): value is PaymentFailure {
  if (!(value instanceof Error) || value.name !== 'PaymentFailure') return false;
  const code: unknown = (value as { code?: unknown }).code;
  return typeof code === 'string' && code !== '';
}
