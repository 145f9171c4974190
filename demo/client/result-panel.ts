/**
 * The payment's outcome for the shopper, in an aria-live region and in their language: what
 * happened, the order number and what to do next (the status the backend verified with the
 * gateway decides; the browser's callback is only a hint). No processing code, transaction id,
 * status word or card number here: those go to the developer details. Re-rendered when the
 * shopper picks another language. Built with DOM APIs and textContent only.
 */
import type { PaymentError, PaymentResponse } from '@payments/embedded-fields';
import type { OrderStatus } from '../shared/api-types';
import { describeOutcome, unconfirmedOutcome, type ShopperOutcome } from '../shared/outcome';
import { element } from './dom';
import { currentLocale, onLanguageChange, texts } from './i18n';

type Tone = ShopperOutcome['tone'] | 'processing' | 'error';

interface View {
  tone: Tone;
  title: string;
  lines: readonly string[];
}

export interface ResultAction {
  /** The button's text, in the current language. */
  label: () => string;
  run: () => void;
}

/** The facts the shopper's sentence is made from: the verified status, else the callback's. */
export function shopperOutcome(response: PaymentResponse, verified: OrderStatus | null): ShopperOutcome {
  const tx = response.transaction;
  const locale = currentLocale();
  if (verified?.found) return describeOutcome(locale, verified);
  // Not confirmed by the backend: an approval is not believed yet; anything else is shown as it came.
  if (response.approved) return unconfirmedOutcome(locale, tx.reference);
  return describeOutcome(locale, {
    found: true,
    transactionId: tx.id,
    status: response.status,
    approved: false,
    amount: tx.amount,
    currency: tx.currency,
    reference: tx.reference,
    processingCode: tx.processing_code,
    responseMessage: tx.response_message,
    paymentMethodType: tx.payment_method?.type ?? null,
  });
}

export class ResultPanel {
  /** What is shown, as a function of the language (so a new language re-renders it). */
  private view: (() => View) | undefined;
  private action: ResultAction | undefined;

  constructor(private readonly region: HTMLElement) {
    onLanguageChange(() => this.render());
  }

  clear(): void {
    this.view = undefined;
    this.action = undefined;
    this.region.replaceChildren();
  }

  processing(): void {
    this.show(() => ({ tone: 'processing', title: texts().outcome.processingTitle, lines: [texts().outcome.processingLine] }));
  }

  /** The outcome after the library's callback, with the status the backend verified. */
  outcome(response: PaymentResponse, verified: OrderStatus | null, action?: ResultAction): void {
    this.show(() => shopperOutcome(response, verified), action);
  }

  /** The library's error: its message is already a sentence in the component's language. */
  error(error: PaymentError, extra: string[] = [], action?: ResultAction): void {
    this.show(() => ({ tone: 'error', title: texts().outcome.errorTitle, lines: [error.message, ...extra] }), action);
  }

  /** A problem of the shop itself (its backend, the form not ready). */
  problem(message: () => string, action?: ResultAction): void {
    this.show(() => ({ tone: 'error', title: texts().outcome.errorTitle, lines: [message()] }), action);
  }

  private show(view: () => View, action?: ResultAction): void {
    this.view = view;
    this.action = action;
    this.render();
  }

  private render(): void {
    if (!this.view) return;
    const { tone, title, lines } = this.view();
    const card = element('div', { className: `result-card result-${tone}` }, [
      element('p', { className: 'result-title', text: title }),
      ...lines.map((line) => element('p', { className: 'result-line', text: line })),
    ]);
    const action = this.action;
    if (action) {
      const button = element('button', { className: 'button-secondary', text: action.label(), attributes: { type: 'button' } });
      button.addEventListener('click', action.run);
      card.append(button);
    }
    this.region.replaceChildren(card);
  }
}
