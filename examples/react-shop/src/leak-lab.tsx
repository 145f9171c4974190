/**
 * Not part of the shop: the browser leak guard's React harness (e2e/leak-guard/leak-lab.ts
 * bundles it for its page with esbuild, beside the shop's React and bindings). One root with
 * the provider; each cycle renders one component until it is ready, then renders none.
 */
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  AlternativePaymentMethodComponent,
  CardComponent,
  CardCvvField,
  CardExpiryField,
  CardFields,
  CardNumberField,
  PaymentComponentProvider,
  SavedCardComponent,
  type SavedCardData,
} from '@payments/react';

interface LabOptions {
  gatewayUrl: string;
  sessionId: string;
  kind: 'card' | 'saved-card' | 'alternative-payment-method';
  config: SavedCardData | null;
  /** The card as split fields (<CardFields>). */
  split: boolean;
}

function startReactLab({ gatewayUrl, sessionId, kind, config, split }: LabOptions): void {
  const slot = document.createElement('div');
  document.body.append(slot);
  const root = createRoot(slot);
  // Committed at once: two renders in one task would be batched into the last (no unmount between cycles).
  const render = (child: ReactNode) =>
    flushSync(() =>
      root.render(
        <PaymentComponentProvider clientKey="test-client-key" gatewayUrl={gatewayUrl} environment="test" locale="en-US">
          {child}
        </PaymentComponentProvider>,
      ),
    );
  const component = (onReady: () => void, onError: (error: unknown) => void) => {
    if (kind === 'saved-card') return <SavedCardComponent sessionId={sessionId} card={config!} onReady={onReady} onError={onError} />;
    if (kind === 'alternative-payment-method') return <AlternativePaymentMethodComponent sessionId={sessionId} onReady={onReady} onError={onError} />;
    if (split)
      return (
        <CardFields sessionId={sessionId} onReady={onReady} onError={onError}>
          <CardNumberField />
          <CardExpiryField />
          <CardCvvField />
        </CardFields>
      );
    return <CardComponent sessionId={sessionId} onReady={onReady} onError={onError} />;
  };
  render(null);
  Object.assign(window, {
    leakLab: {
      async cycles(n: number) {
        for (let i = 0; i < n; i += 1) {
          await new Promise<void>((resolve, reject) => render(component(resolve, reject)));
          render(null);
        }
      },
    },
  });
}

Object.assign(window, { startReactLab });
