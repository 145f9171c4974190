/**
 * A card payment with @payments/react: the form and a Pay button. What the merchant writes of
 * our API is the lines between the markers, with the provider in App.tsx: 15 in all (the
 * package README shows them). `largerText` changes the theme in place (update(): the same
 * frame, what the shopper typed kept).
 */
import { useRef, useState } from 'react';
import { CardComponent, isPaymentFailure, type CardComponentHandle } from '@payments/react';

/** This shop's network on a co-badged card (its acquirer's fees are lower on Visa); the shopper may choose another. */
export const PREFERRED_NETWORKS = ['visa'];

export function CardPayment({ sessionId, payLabel, largerText, onResult }: { sessionId: string; payLabel: string; largerText: boolean; onResult: (status: string, message?: string) => void }) {
  // our-api-start
  const card = useRef<CardComponentHandle>(null);
  const [valid, setValid] = useState(false);
  const pay = () =>
    card.current!.submitPayment().then(
      (response) => onResult(response.status),
      (error: unknown) => onResult('FAILED', isPaymentFailure(error) ? error.message : undefined),
    );
  return (
    <>
      <CardComponent sessionId={sessionId} ref={card} preferredNetworks={PREFERRED_NETWORKS} theme={{ font: { size: largerText ? '20px' : '16px' } }} onChange={(state) => setValid(state.valid)} />
      <button type="button" disabled={!valid} onClick={() => void pay()}>{payLabel}</button>
    </>
  );
  // our-api-end
}
