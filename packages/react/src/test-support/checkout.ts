/** The checkout the server-rendering and hydration tests render: a provider and the three components. */
import { createElement } from 'react';
import { AlternativePaymentMethodComponent, CardComponent, PaymentComponentProvider, SavedCardComponent } from '../index';

const SAVED = { paymentMethodId: 'pm_ssr', maskedPan: '400000******0002', expirationDate: '1230', cardBrand: 'VISA' };

export function checkout(locale: 'en-US' | 'sv-SE' = 'sv-SE') {
  return createElement(
    PaymentComponentProvider,
    { clientKey: 'test-client-key', gatewayUrl: 'http://127.0.0.1:4010', environment: 'test', locale },
    createElement(CardComponent, { sessionId: 'ses_1', className: 'card', onChange: () => undefined }),
    createElement(SavedCardComponent, { sessionId: 'ses_1', card: SAVED }),
    createElement(AlternativePaymentMethodComponent, { sessionId: 'ses_1', paymentMethods: ['wallet-a-redirect'] }),
  );
}

