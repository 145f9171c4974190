/**
 * The ESM loader where there is no browser (server rendering, a Node script): it must reject
 * with a named error a caller can catch, never throw a ReferenceError from inside the load.
 * Runs in Node (vitest's node environment: no window, no document).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

// The build defines these (vite.esm.config.ts); the source read here needs them as globals.
vi.stubGlobal('__EMBEDDED_FIELDS_VERSION__', '0.0.0-test');
vi.stubGlobal('__EMBEDDED_FIELDS_INTEGRITY__', 'sha384-test');
const { loadPaymentComponent, BrowserRequiredError, isPaymentFailure } = await import('./index');

describe('loadPaymentComponent on a server', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  afterEach(() => {
    unhandled.length = 0;
  });

  it('rejects with a BrowserRequiredError (named, with a code), every call', async () => {
    expect(typeof document).toBe('undefined');
    for (let i = 0; i < 2; i += 1) {
      const error = await loadPaymentComponent({ gatewayUrl: 'http://127.0.0.1:4010' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BrowserRequiredError);
      expect(error).toMatchObject({ name: 'BrowserRequiredError', code: 'browser_required' });
      expect((error as Error).message).toContain('only in a browser page');
    }
    await new Promise((done) => setTimeout(done, 10));
    expect(unhandled).toEqual([]);
  });
});

describe('isPaymentFailure', () => {
  it('is true for what submitPayment rejects with, false for anything else', () => {
    const failure = Object.assign(new Error('Declined.'), { name: 'PaymentFailure', code: 'card_declined' });
    expect(isPaymentFailure(failure)).toBe(true);
    const aborted = Object.assign(new Error('cancelled'), { name: 'AbortError', code: 'mount_aborted' });
    for (const other of [aborted, new TypeError('x'), { name: 'PaymentFailure', code: 'card_declined', message: 'not an Error' }, null, undefined, 'PaymentFailure']) {
      expect(isPaymentFailure(other)).toBe(false);
    }
  });
});
