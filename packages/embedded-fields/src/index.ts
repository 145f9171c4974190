/**
 * The ESM entry for bundler users: `loadPaymentComponent()` loads embedded-fields.js from
 * the gateway (the script must come from the gateway's origin: that is where the secure
 * frames live) and resolves with window.PaymentComponent. It loads the exact version it was
 * released with (/v{version}/embedded-fields.js, an immutable URL) under that build's
 * Subresource Integrity hash, both set by the build (vite.esm.config.ts).
 */
import type { PaymentComponentFactory } from './host/public-api';
import { BrowserRequiredError } from './browser-required';

export type * from './host/public-api';
export { isPaymentFailure } from './host/payment-failure';
export { BrowserRequiredError };

export interface LoadOptions {
  /** The gateway's {base_url}, e.g. https://gateway.example or http://127.0.0.1:4010. */
  gatewayUrl: string;
  /** Subresource Integrity hash of the script; default: the release's own (EMBEDDED_FIELDS_INTEGRITY). */
  integrity?: string | undefined;
}

declare const __EMBEDDED_FIELDS_VERSION__: string;
declare const __EMBEDDED_FIELDS_INTEGRITY__: string;
/** The embedded-fields.js release this loader loads. */
export const EMBEDDED_FIELDS_VERSION: string = __EMBEDDED_FIELDS_VERSION__;
/** Its SRI hash (sha384), also in `@payments/embedded-fields/sri.json` and the gateway's /sri.json. */
export const EMBEDDED_FIELDS_INTEGRITY: string = __EMBEDDED_FIELDS_INTEGRITY__;

let loading: Promise<PaymentComponentFactory> | undefined;

/**
 * Loads the script once (every call shares the load) and resolves with window.PaymentComponent.
 * Without a browser document (server rendering) it rejects with a BrowserRequiredError.
 */
export function loadPaymentComponent(options: LoadOptions): Promise<PaymentComponentFactory> {
  if (typeof window === 'undefined' || typeof document === 'undefined') return Promise.reject(new BrowserRequiredError());
  if (typeof window.PaymentComponent === 'function') return Promise.resolve(window.PaymentComponent);
  loading ??= new Promise<PaymentComponentFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL(`/v${EMBEDDED_FIELDS_VERSION}/embedded-fields.js`, options.gatewayUrl).toString();
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.integrity = options.integrity ?? EMBEDDED_FIELDS_INTEGRITY;
    script.addEventListener('load', () => {
      const factory = window.PaymentComponent;
      if (typeof factory === 'function') resolve(factory);
      else reject(new Error('embedded-fields.js did not define PaymentComponent'));
    });
    script.addEventListener('error', () => {
      loading = undefined;
      reject(new Error(`could not load ${script.src}`));
    });
    document.head.append(script);
  });
  return loading;
}
