/**
 * The ESM entry for bundler users: `loadPaymentComponent()` loads embedded-fields.js from
 * the gateway (the script must come from the gateway's origin: that is where the secure
 * frames live) and resolves with window.PaymentComponent.
 */
import type { PaymentComponentFactory } from './host/public-api';

export type * from './host/public-api';

export interface LoadOptions {
  /** The gateway's {base_url}, e.g. https://gateway.example or http://127.0.0.1:4010. */
  gatewayUrl: string;
  /** Subresource Integrity hash of embedded-fields.js, when you pin a version. */
  integrity?: string;
}

let loading: Promise<PaymentComponentFactory> | undefined;

export function loadPaymentComponent(options: LoadOptions): Promise<PaymentComponentFactory> {
  if (typeof window !== 'undefined' && typeof window.PaymentComponent === 'function') return Promise.resolve(window.PaymentComponent);
  loading ??= new Promise<PaymentComponentFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL('/embedded-fields.js', options.gatewayUrl).toString();
    script.async = true;
    script.crossOrigin = 'anonymous';
    if (options.integrity) script.integrity = options.integrity;
    script.addEventListener('load', () =>
      typeof window.PaymentComponent === 'function' ? resolve(window.PaymentComponent) : reject(new Error('embedded-fields.js did not define PaymentComponent')),
    );
    script.addEventListener('error', () => {
      loading = undefined;
      reject(new Error(`could not load ${script.src}`));
    });
    document.head.append(script);
  });
  return loading;
}
