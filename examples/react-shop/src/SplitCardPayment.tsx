/**
 * A card payment with split fields: the number on its own row, expiry and CVV side by side,
 * each in a secure frame of its own (@payments/react's <CardFields>), and a Pay button.
 */
import { useRef, useState } from 'react';
import { CardCvvField, CardExpiryField, CardFields, CardNumberField, isPaymentFailure, type CardComponentHandle } from '@payments/react';
import { PREFERRED_NETWORKS } from './CardPayment';

export function SplitCardPayment({ sessionId, payLabel, onResult }: { sessionId: string; payLabel: string; onResult: (status: string, message?: string) => void }) {
  const card = useRef<CardComponentHandle>(null);
  const [valid, setValid] = useState(false);
  const pay = () =>
    card.current!.submitPayment().then(
      (response) => onResult(response.status),
      (error: unknown) => onResult('FAILED', isPaymentFailure(error) ? error.message : undefined),
    );
  return (
    <>
      <CardFields sessionId={sessionId} ref={card} preferredNetworks={PREFERRED_NETWORKS} onChange={(state) => setValid(state.valid)}>
        <CardNumberField />
        <div style={{ display: 'flex', gap: '12px' }}>
          <div style={{ flex: 1 }}>
            <CardExpiryField />
          </div>
          <div style={{ flex: 1 }}>
            <CardCvvField />
          </div>
        </div>
      </CardFields>
      <button type="button" disabled={!valid} onClick={() => void pay()}>{payLabel}</button>
    </>
  );
}
