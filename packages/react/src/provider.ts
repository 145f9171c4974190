/**
 * <PaymentComponentProvider>: loads embedded-fields.js once for the page (the ESM loader of
 * @payments/embedded-fields: the pinned /v{version}/ script under its SRI hash) and shares the
 * factory and the merchant's settings with the components below it.
 *
 * Nothing here runs at import or during render on a server: the load starts in an effect,
 * which a server never runs, so a server-rendered tree gets the same placeholders as the
 * browser's first render.
 */
import { createContext, createElement, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadPaymentComponent, type Environment, type Locale, type PaymentComponentFactory } from '@payments/embedded-fields';
import { useLatest } from './latest';

export interface PaymentComponentProviderProps {
  /** The public client key (x-client-key). */
  clientKey: string;
  /** The gateway's {base_url}: embedded-fields.js and the secure frames come from there. */
  gatewayUrl: string;
  /** `test` with the test gateway, `production` with the production one. */
  environment: Environment;
  /** The components' language; changing it relabels them in place. Default: the browser's, else en-US. */
  locale?: Locale | undefined;
  /** The script's SRI hash; default: the one this release was built with. */
  integrity?: string | undefined;
  /** embedded-fields.js could not load (offline, blocked): the components stay empty placeholders. */
  onLoadError?: ((error: Error) => void) | undefined;
  children?: ReactNode;
}

/** What the components read: the loaded factory (null until then) and the settings. */
export interface PaymentContext {
  factory: PaymentComponentFactory | null;
  clientKey: string;
  gatewayUrl: string;
  environment: Environment;
  locale: Locale | undefined;
}

const Context = createContext<PaymentContext | null>(null);
Context.displayName = 'PaymentComponentContext';

export function PaymentComponentProvider(props: PaymentComponentProviderProps): ReactNode {
  const { clientKey, gatewayUrl, environment, locale, integrity, children } = props;
  const [factory, setFactory] = useState<PaymentComponentFactory | null>(null);
  const onLoadError = useLatest(props.onLoadError);

  useEffect(() => {
    // StrictMode runs this twice: the loader shares one load, and a cleaned-up run sets nothing.
    let live = true;
    loadPaymentComponent({ gatewayUrl, integrity }).then(
      (loaded) => {
        if (live) setFactory(() => loaded);
      },
      (error: Error) => {
        if (!live) return;
        if (onLoadError.current) onLoadError.current(error);
        else console.error(error);
      },
    );
    return () => {
      live = false;
    };
  }, [gatewayUrl, integrity, onLoadError]);

  const value = useMemo<PaymentContext>(
    () => ({ factory, clientKey, gatewayUrl, environment, locale }),
    [factory, clientKey, gatewayUrl, environment, locale],
  );
  return createElement(Context.Provider, { value }, children);
}

/** The provider's context; a component outside one is a mistake said at once. */
export function usePaymentContext(component: string): PaymentContext {
  const context = useContext(Context);
  if (!context) throw new Error(`<${component}> must be inside a <PaymentComponentProvider>`);
  return context;
}
