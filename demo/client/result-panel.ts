/**
 * The payment's outcome on the page, in an aria-live region: approved (as the backend
 * verified it with the gateway), declined with the processing code and message, or the
 * library's error message. Built with DOM APIs and textContent only.
 */
import { formatAmount } from '@payments/core';
import type { PaymentError, PaymentResponse } from '../../packages/embedded-fields/src/host/public-api';
import type { OrderStatus } from '../shared/api-types';
import { element } from './dom';

type Tone = 'processing' | 'approved' | 'declined' | 'pending' | 'error';

/** What a shopper is told for a processing code (spec: Errors, processing codes). */
const DECLINE_REASONS: Record<string, string> = {
  '1000': 'Your bank declined the payment.',
  '1001': 'The payment failed at the bank.',
  '1003': 'The payment was canceled.',
  '1004': 'Your bank declined the payment because of insufficient funds.',
  '1005': 'Your checkout session expired.',
};

export interface ResultAction {
  label: string;
  run: () => void;
}

export class ResultPanel {
  constructor(private readonly region: HTMLElement) {}

  clear(): void {
    this.region.replaceChildren();
  }

  processing(): void {
    this.show('processing', 'Processing your payment…', ['Please keep this page open. Your bank may ask you to confirm the payment.']);
  }

  /** The outcome after the library's callback, with the status the backend verified. */
  outcome(response: PaymentResponse, verified: OrderStatus | null, action?: ResultAction): void {
    const tx = response.transaction;
    // The backend's check is the truth; the browser callback is only a hint.
    const status = verified?.found ? verified.status : response.status;
    const approved = verified?.found ? verified.approved : false;
    const code = verified?.processingCode ?? tx.processing_code;
    const message = verified?.responseMessage ?? tx.response_message;
    const details: [string, string][] = [
      ['Order', tx.reference],
      ['Amount', formatAmount(tx.amount, tx.currency, 'en-US')],
      ...(tx.payment_method.masked ? [['Card', [tx.payment_method.brand, tx.payment_method.masked].filter(Boolean).join(' ')] as [string, string]] : []),
      ['Transaction', tx.id],
      ['Verified status', verified?.found ? `${verified.status ?? 'UNKNOWN'} (checked with the payment gateway)` : 'not confirmed yet'],
    ];
    if (approved && status === 'APPROVED') {
      this.show('approved', 'Payment approved. Thank you!', ['Your order is confirmed and ships within 2 working days.'], details, action);
    } else if (status === 'PENDING') {
      this.show('pending', 'Payment pending', ['Your bank has not confirmed the payment yet. We will email you; do not pay again.'], details, action);
    } else if (!verified?.found && response.approved) {
      this.show('pending', 'Confirming your payment…', ['We could not confirm the payment with our server yet. Refresh in a moment; do not pay again.'], details, action);
    } else {
      const reason = (code && DECLINE_REASONS[code]) ?? 'The payment was not approved.';
      const codeLine = [code ? `Code ${code}` : null, message].filter(Boolean).join(' · ');
      this.show('declined', 'Payment declined', [reason, 'Nothing was charged. You can try again with another card.', ...(codeLine ? [codeLine] : [])], details, action);
    }
  }

  /** The library's error (its message is already in the component's language). */
  error(error: PaymentError, extra: string[] = [], action?: ResultAction): void {
    const code = [error.code, error.gatewayCode].filter(Boolean).join(' · ');
    this.show('error', 'Payment not completed', [error.message, ...extra, `Code: ${code}`], [], action);
  }

  /** A problem of the shop itself (its backend, the form not loading). */
  problem(title: string, message: string, action?: ResultAction): void {
    this.show('error', title, [message], [], action);
  }

  private show(tone: Tone, title: string, lines: string[], details: [string, string][] = [], action?: ResultAction): void {
    const card = element('div', { className: `result-card result-${tone}` }, [
      element('p', { className: 'result-title', text: title }),
      ...lines.map((line, index) => element('p', { className: index === lines.length - 1 && /^Code[ :]/.test(line) ? 'result-code' : 'result-line', text: line })),
    ]);
    if (details.length > 0) {
      card.append(
        element(
          'dl',
          { className: 'result-details' },
          details.map(([term, value]) => element('div', {}, [element('dt', { text: term }), element('dd', { text: value })])),
        ),
      );
    }
    if (action) {
      const button = element('button', { className: 'button-secondary', text: action.label, attributes: { type: 'button' } });
      button.addEventListener('click', action.run);
      card.append(button);
    }
    this.region.replaceChildren(card);
  }
}
