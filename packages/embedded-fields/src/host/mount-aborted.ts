/**
 * What mount() rejects with when it is cancelled before its frame is ready: unmount(),
 * destroy(), or a mount() into another element came first. Recognised as fetch's
 * cancellations are (`name === 'AbortError'`) or by its code; never a PaymentError, so
 * onError and the `error` handlers never hear of it.
 */
import type { MountAbortedError } from './public-api';

export function mountAborted(): MountAbortedError {
  const error = new Error('PaymentComponent: mount() was cancelled: unmount(), destroy() or a mount() into another element came before the frame was ready');
  return Object.assign(error, { name: 'AbortError' as const, code: 'mount_aborted' as const });
}
