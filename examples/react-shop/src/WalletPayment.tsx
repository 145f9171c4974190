/**
 * Paying with Wallet A: the payment-method component offers it; Pay authorizes, and the shop
 * sends the browser to the provider (the library never navigates). The provider sends the
 * shopper back to /return, where the shop asks its backend for the status.
 */
import { useRef } from 'react';
import { AlternativePaymentMethodComponent, isPaymentFailure, type AlternativePaymentMethodComponentHandle } from '@payments/react';

const WALLET = ['wallet-a-redirect'];

export function WalletPayment(props: { sessionId: string; payLabel: string; onResult: (status: string, message?: string) => void }) {
  const methods = useRef<AlternativePaymentMethodComponentHandle>(null);
  const pay = () =>
    methods.current!.submitPayment().then(
      (response) => (response.redirect ? window.location.assign(response.redirect.url) : props.onResult(response.status)),
      (error: unknown) => props.onResult('FAILED', isPaymentFailure(error) ? error.message : undefined),
    );
  return (
    <>
      <AlternativePaymentMethodComponent sessionId={props.sessionId} paymentMethods={WALLET} ref={methods} />
      {/* Not disabled until valid: submitPayment shows in the frame what is missing. */}
      <button type="button" onClick={() => void pay()}>
        {props.payLabel}
      </button>
    </>
  );
}
