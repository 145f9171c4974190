/**
 * The checkout page of Northwind Outfitters. Starts a session through the shop's backend,
 * mounts the gateway's component the shopper picks (a new card, a saved card, or the other
 * payment methods), pays with the shopper's details, and shows the outcome as the backend
 * verified it with the gateway; a redirect method leaves for its provider (the page
 * navigates, not the library). The shopper's profile and saved cards live in the backend.
 * Plus, for QA, the test scenario picker and the log of verified webhooks.
 */
import { LOCALES, formatAmount, isLocaleTag, resolveLocale, type LocaleTag } from '@payments/core';
import type { PaymentResponse } from '@payments/embedded-fields';
import type { CheckoutResponse, OrderStatus } from '../shared/api-types';
import { ShopApiError, fetchOrder, fetchScenarios, startCheckout } from './api';
import { AccountPanel } from './account-panel';
import { CardPayment, PaymentFormUnavailable, isPaymentLibraryLoaded, type PaymentChoice } from './card-payment';
import { MethodPicker } from './method-picker';
import { byId } from './dom';
import { EventLog } from './event-log';
import { ResultPanel } from './result-panel';
import { ScenarioPanel } from './scenario-panel';
import { ShopperDetails } from './shopper-details';

const FORM_UNAVAILABLE = 'Payment form could not load';

const form = byId('checkout-form', HTMLFormElement);
const payButton = byId('pay-button', HTMLButtonElement);
const payLabel = byId('pay-label', HTMLSpanElement);
const cardStatus = byId('card-status', HTMLParagraphElement);
const localeSelect = byId('locale', HTMLSelectElement);
const retryButton = byId('card-retry', HTMLButtonElement);

const details = new ShopperDetails(form);
const result = new ResultPanel(byId('result', HTMLDivElement));
const events = new EventLog(byId('event-log', HTMLOListElement), byId('event-log-empty', HTMLParagraphElement));
const scenarios = new ScenarioPanel(
  byId('scenario', HTMLSelectElement),
  byId('scenario-description', HTMLParagraphElement),
  byId('scenario-cards', HTMLTableSectionElement),
);
const card = new CardPayment(byId('card-element', HTMLDivElement));
const picker = new MethodPicker(byId('method-picker', HTMLDivElement), (choice) => void remount(choice));
const account = new AccountPanel(byId('account', HTMLDivElement), {
  onChange: (profile) => {
    const hadProfile = checkoutAccountId !== undefined;
    const moved = picker.setCards(profile?.cards ?? [], profile !== undefined);
    // A new profile needs a session made for its customer (saved cards link to it).
    if (profile && !hadProfile) void restartCheckout();
    else if (moved) void remount(picker.choice);
  },
  onTryRemoved: (removed) => picker.tryRemoved(removed),
  contactDetails: () => {
    if (!details.validate()) return undefined;
    const { email = '', firstName = '', lastName = '' } = details.customer();
    return { email, firstName, lastName };
  },
});

let checkout: CheckoutResponse | undefined;
/** The profile the current session was made for. */
let checkoutAccountId: string | undefined;
let paying = false;
let paid = false;
/** Bumped by every restart: an older restart that finishes late changes nothing. */
let generation = 0;

/** The label the page was served with ("Pay €49.99"), until a session states the amount. */
const initialPayLabel = payLabel.textContent ?? 'Pay';

function payLabelText(): string {
  return checkout ? `Pay ${formatAmount(checkout.amount, checkout.currency, 'en-US')}` : initialPayLabel;
}

function setCardStatus(text: string, tone: 'loading' | 'error' | 'ready'): void {
  cardStatus.textContent = text;
  cardStatus.dataset.tone = tone;
  cardStatus.hidden = tone === 'ready';
  retryButton.hidden = tone !== 'error';
}

/** The progress list: "Details & payment" until paid, then "Confirmation". */
function updateSteps(): void {
  const [, details, confirmation] = byId('checkout-steps', HTMLOListElement).children;
  details?.toggleAttribute('aria-current', !paid);
  if (!paid) details?.setAttribute('aria-current', 'step');
  details?.classList.toggle('step-done', paid);
  confirmation?.toggleAttribute('aria-current', paid);
  if (paid) confirmation?.setAttribute('aria-current', 'step');
}

function updatePayButton(): void {
  updateSteps();
  const ready = checkout !== undefined && !paying && !paid;
  payButton.disabled = !ready;
  payButton.setAttribute('aria-busy', String(paying));
  payLabel.textContent = paying ? 'Processing…' : paid ? 'Paid' : payLabelText();
}

/** (Re)starts the checkout: a new session for the chosen scenario, and the card form in it. */
async function restartCheckout(): Promise<void> {
  const mine = ++generation;
  checkout = undefined;
  paid = false;
  updatePayButton();
  setCardStatus('Loading the secure payment form…', 'loading');
  if (!isPaymentLibraryLoaded()) {
    card.destroy();
    setCardStatus(`${FORM_UNAVAILABLE}. Please try again in a moment; if it keeps happening, contact us and we will help you order.`, 'error');
    return;
  }
  try {
    const accountId = account.current?.accountId;
    const started = await startCheckout(selectedLocale(), scenarios.selected || 'test-cards', accountId);
    if (mine !== generation) return;
    showSecureNote(picker.choice);
    await card.mount(started, picker.choice);
    if (mine !== generation) return;
    checkout = started;
    checkoutAccountId = accountId;
    showOrderAmount(started);
    setCardStatus('', 'ready');
  } catch (error) {
    if (mine !== generation) return;
    card.destroy();
    const message =
      error instanceof ShopApiError
        ? error.message
        : error instanceof PaymentFormUnavailable
          ? `${FORM_UNAVAILABLE}. Please try again in a moment.`
          : `${FORM_UNAVAILABLE}.`;
    setCardStatus(message, 'error');
  }
  updatePayButton();
}

/** Another payment choice in the same session (a new card, a saved card, other methods). */
async function remount(choice: PaymentChoice): Promise<void> {
  if (paying) return;
  result.clear();
  const current = checkout;
  if (!current || paid) {
    result.clear();
    await restartCheckout();
    return;
  }
  const mine = ++generation;
  showSecureNote(choice);
  setCardStatus('Loading the secure payment form…', 'loading');
  try {
    await card.mount(current, choice);
    if (mine === generation) setCardStatus('', 'ready');
  } catch {
    if (mine === generation) setCardStatus(`${FORM_UNAVAILABLE}. Please try again in a moment.`, 'error');
  }
}

const SECURE_NOTES: Record<PaymentChoice['kind'], string> = {
  card: 'Your card details go straight to our payment provider in an encrypted field. Northwind Outfitters never sees or stores your card number.',
  'saved-card': 'Your saved card is kept by our payment provider; only its security code is asked for, in an encrypted field. Northwind Outfitters never sees your card number.',
  other: 'You approve the payment with your wallet or bank on their own page, then come back here. Northwind Outfitters never sees your bank or wallet details.',
};

/** The reassurance under the form, for what the shopper pays with. */
function showSecureNote(choice: PaymentChoice): void {
  byId('secure-note-text', HTMLSpanElement).textContent = SECURE_NOTES[choice.kind];
}

/** The basket's prices in the session's currency (a QA scenario may price it in PLN). */
function showOrderAmount(started: CheckoutResponse): void {
  for (const node of document.querySelectorAll('[data-order-amount]')) node.textContent = formatAmount(started.amount, started.currency, 'en-US');
}

function selectedLocale(): LocaleTag {
  return isLocaleTag(localeSelect.value) ? localeSelect.value : 'en-US';
}

const newOrder = { label: 'Start a new order', run: () => void newCheckout() };

async function newCheckout(): Promise<void> {
  result.clear();
  await restartCheckout();
}

async function verify(transactionId: string): Promise<OrderStatus | null> {
  try {
    return await fetchOrder(transactionId);
  } catch {
    return null;
  }
}

async function pay(): Promise<void> {
  if (paying || paid || !checkout) return;
  if (!details.validate()) return;
  paying = true;
  updatePayButton();
  details.setDisabled(true);
  scenarios.setDisabled(true);
  picker.setDisabled(true);
  result.processing();
  let leaving = false;
  try {
    const outcome = await card.pay(details.customer());
    if (outcome.alternative) {
      const response = outcome.alternative;
      if (response.redirect) {
        // The library never navigates: the shop sends the shopper to the provider, who sends
        // them back to /return, where the backend checks the status with the gateway.
        leaving = true;
        window.location.assign(response.redirect.url);
        return;
      }
      // Answered at once (e.g. DECLINED): a result like a card's.
      events.follow(response.transactionId);
      const verified = await verify(response.transactionId);
      paid = verified?.found === true && (verified.status === 'APPROVED' || verified.status === 'PENDING');
      if (response.result) result.outcome({ approved: response.approved, status: response.status, transaction: response.result } as PaymentResponse, verified, paid ? newOrder : undefined);
    } else if (outcome.response) {
      const transaction = outcome.response.transaction;
      events.follow(transaction.id);
      const verified = await verify(transaction.id);
      paid = verified?.found === true && (verified.status === 'APPROVED' || verified.status === 'PENDING');
      result.outcome(outcome.response, verified, paid ? newOrder : undefined);
      // Saved for the profile: the card joins it when the tokenization webhook arrives.
      const token = transaction.payment_method.token;
      if (token && checkoutAccountId && transaction.payment_method.type === 'card') void account.awaitSavedCard(token);
    } else {
      const { error } = outcome;
      const unmatched = error.code === 'invalid_customer' && error.fields ? details.showFieldErrors(error.fields) : [];
      result.error(error, unmatched, error.code === 'session_expired' ? newOrder : undefined);
    }
  } catch (error) {
    result.problem('Payment not completed', error instanceof Error ? error.message : 'The payment form is not ready.');
  } finally {
    // Leaving for the provider: everything stays disabled until the page unloads.
    paying = leaving;
    details.setDisabled(leaving);
    scenarios.setDisabled(leaving);
    picker.setDisabled(leaving);
    updatePayButton();
  }
}

/** Try again: a fresh session, or a reload when embedded-fields.js itself did not load. */
function retry(): void {
  if (!isPaymentLibraryLoaded()) {
    window.location.reload();
    return;
  }
  result.clear();
  void restartCheckout();
}

function initLocale(): void {
  const initial = resolveLocale(undefined, navigator.languages);
  localeSelect.value = (LOCALES as readonly string[]).includes(initial) ? initial : 'en-US';
  localeSelect.addEventListener('change', () => card.changeLocale(selectedLocale()));
}

async function init(): Promise<void> {
  initLocale();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void pay();
  });
  retryButton.addEventListener('click', retry);
  events.start();
  await account.restore();
  picker.setCards(account.current?.cards ?? [], account.current !== undefined);
  try {
    scenarios.init(await fetchScenarios(), () => {
      if (paying) return;
      result.clear();
      void restartCheckout();
    });
  } catch {
    // The picker is for QA; the shop works with the default scenario without it.
  }
  await restartCheckout();
}

void init();
