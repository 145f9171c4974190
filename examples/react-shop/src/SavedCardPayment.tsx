/** Paying with the shopper's saved card: its security code in the gateway's frame, then Pay. */
import { useRef, useState } from 'react';
import { SavedCardComponent, isPaymentFailure, type CardComponentHandle, type SavedCardData } from '@payments/react';

export function SavedCardPayment(props: { sessionId: string; card: SavedCardData; payLabel: string; onResult: (status: string, message?: string) => void }) {
  const saved = useRef<CardComponentHandle>(null);
  const [valid, setValid] = useState(false);
  const pay = () =>
    saved.current!.submitPayment().then(
      (response) => props.onResult(response.status),
      (error: unknown) => props.onResult('FAILED', isPaymentFailure(error) ? error.message : undefined),
    );
  return (
    <>
      <SavedCardComponent sessionId={props.sessionId} card={props.card} ref={saved} onChange={(state) => setValid(state.valid)} />
      <button type="button" disabled={!valid} onClick={() => void pay()}>
        {props.payLabel}
      </button>
    </>
  );
}
