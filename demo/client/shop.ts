/**
 * The checkout page of Northwind Outfitters. Starts a session through the shop's backend,
 * mounts the gateway's component the shopper picks (a new card, a saved card, or the other
 * payment methods), pays with the shopper's details, and shows the outcome as the backend
 * verified it with the gateway; a redirect method leaves for its provider (the page
 * navigates, not the library). The shopper's profile and saved cards live in the backend.
 * Plus, for QA, the test scenario picker, the orders the backend keeps, and the log of verified webhooks.
 */
import { formatAmount, formatMessage, isLocaleTag, type LocaleTag } from '@payments/core';
import type { CheckoutResponse, OrderStatus } from '../shared/api-types';
import { CURRENCY, basketTotal } from '../shared/basket';
import { ShopApiError, fetchOrder, fetchScenarios, startCheckout } from './api';
import { AccountPanel } from './account-panel';
import { CardPayment, PaymentFormUnavailable, isPaymentLibraryLoaded, type PaymentChoice } from './card-payment';
import { DeveloperDetails } from './developer-details';
import { MethodPicker } from './method-picker';
import { byId } from './dom';
import { EventLog } from './event-log';
import { OrderList } from './order-list';
import { applyPageTexts, currentLocale, onLanguageChange, setLocale, shopErrorMessage, texts } from './i18n';
import { ResultPanel } from './result-panel';
import { ScenarioPanel } from './scenario-panel';
import { ShopperDetails } from './shopper-details';

const form = byId('checkout-form', HTMLFormElement);
const payButton = byId('pay-button', HTMLButtonElement);
const payLabel = byId('pay-label', HTMLSpanElement);
const cardStatus = byId('card-status', HTMLParagraphElement);
const localeSelect = byId('locale', HTMLSelectElement);
const retryButton = byId('card-retry', HTMLButtonElement);

const details = new ShopperDetails(form);
const result = new ResultPanel(byId('result', HTMLDivElement));
const events = new EventLog(byId('event-log', HTMLOListElement), byId('event-log-empty', HTMLParagraphElement));
const orders = new OrderList(byId('order-list', HTMLOListElement), byId('order-list-empty', HTMLParagraphElement));
const developer = new DeveloperDetails(byId('last-payment', HTMLDListElement), byId('last-payment-empty', HTMLParagraphElement));
const scenarios = new ScenarioPanel(
  byId('scenario', HTMLSelectElement),
  byId('scenario-description', HTMLParagraphElement),
  byId('scenario-cards', HTMLTableSectionElement),
);
const card = new CardPayment(byId('card-element', HTMLDivElement));
const picker = new MethodPicker(byId('method-picker', HTMLDivElement), (choice) => void remount(choice));
const account = new AccountPanel(byId('account', HTMLDivElement), {
  onChange: (profile) => {
    developer.setCustomer(profile?.customerId);
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

/** The order's amount in the shopper's language: the session's (a QA scenario may price it in PLN), else the basket's. */
function orderAmount(): string {
  return formatAmount(checkout?.amount ?? basketTotal(), checkout?.currency ?? CURRENCY, currentLocale());
}

function payLabelText(): string {
  return formatMessage(texts().checkout.pay, { amount: orderAmount() });
}

/** The card form's status line, as a function of the language. */
let cardStatusText: () => string = () => texts().page.loadingForm;

function setCardStatus(text: () => string, tone: 'loading' | 'error' | 'ready'): void {
  cardStatusText = text;
  cardStatus.textContent = text();
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
  payLabel.textContent = paying ? texts().checkout.processing : paid ? texts().checkout.paid : payLabelText();
}

/** (Re)starts the checkout: a new session for the chosen scenario, and the card form in it. */
async function restartCheckout(): Promise<void> {
  const mine = ++generation;
  checkout = undefined;
  paid = false;
  updatePayButton();
  setCardStatus(() => texts().page.loadingForm, 'loading');
  if (!isPaymentLibraryLoaded()) {
    card.destroy();
    setCardStatus(() => texts().checkout.formUnavailableContact, 'error');
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
    orders.follow(started.reference);
    showOrderAmount();
    setCardStatus(() => '', 'ready');
  } catch (error) {
    if (mine !== generation) return;
    card.destroy();
    const code = error instanceof ShopApiError ? error.code : undefined;
    const retryable = error instanceof PaymentFormUnavailable;
    setCardStatus(() => (code ? shopErrorMessage(code) : retryable ? texts().checkout.formUnavailableRetry : texts().checkout.formUnavailable), 'error');
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
  setCardStatus(() => texts().page.loadingForm, 'loading');
  try {
    await card.mount(current, choice);
    if (mine === generation) setCardStatus(() => '', 'ready');
  } catch {
    if (mine === generation) setCardStatus(() => texts().checkout.formUnavailableRetry, 'error');
  }
}

const SECURE_NOTES = { card: 'secureNoteCard', 'saved-card': 'secureNoteSaved', other: 'secureNoteOther' } as const;

/** The reassurance under the form, for what the shopper pays with. */
function showSecureNote(choice: PaymentChoice): void {
  byId('secure-note-text', HTMLSpanElement).textContent = texts().checkout[SECURE_NOTES[choice.kind]];
}

/** The basket's prices in the session's currency and the shopper's language. */
function showOrderAmount(): void {
  for (const node of document.querySelectorAll('[data-order-amount]')) node.textContent = orderAmount();
}

function selectedLocale(): LocaleTag {
  return isLocaleTag(localeSelect.value) ? localeSelect.value : currentLocale();
}

type PaymentResponse = Parameters<ResultPanel['outcome']>[0];

const newOrder = { label: () => texts().checkout.newOrder, run: () => void newCheckout() };

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
  const reference = checkout.reference;
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
      orders.follow(reference, true);
      const verified = await verify(response.transactionId);
      paid = verified?.found === true && (verified.status === 'APPROVED' || verified.status === 'PENDING');
      if (response.result) {
        const answer = { approved: response.approved, status: response.status, transaction: response.result } as PaymentResponse;
        result.outcome(answer, verified, paid ? newOrder : undefined);
        showDeveloperDetails(answer, verified);
      }
    } else if (outcome.response) {
      const transaction = outcome.response.transaction;
      events.follow(transaction.id);
      orders.follow(reference, true);
      const verified = await verify(transaction.id);
      paid = verified?.found === true && (verified.status === 'APPROVED' || verified.status === 'PENDING');
      result.outcome(outcome.response, verified, paid ? newOrder : undefined);
      showDeveloperDetails(outcome.response, verified);
      // Saved for the profile: the card joins it when the tokenization webhook arrives.
      const token = transaction.payment_method.token;
      if (token && checkoutAccountId && transaction.payment_method.type === 'card') void account.awaitSavedCard(token);
    } else {
      const { error } = outcome;
      const unmatched = error.code === 'invalid_customer' && error.fields ? details.showFieldErrors(error.fields) : [];
      // A card field's problem is said once, at the field in the card form, and goes when
      // the shopper fixes it: no banner repeating it here.
      if (error.code === 'invalid_card') result.clear();
      else result.error(error, unmatched, error.code === 'session_expired' ? newOrder : undefined);
      developer.show([
        ['Order reference', reference],
        ['Library error code', error.code],
        ['Gateway error code', error.gatewayCode],
        ['Library message', error.message],
      ]);
    }
  } catch (error) {
    result.problem(() => texts().checkout.notReady);
    developer.show([
      ['Order reference', reference],
      ['Page error', error instanceof Error ? error.message : String(error)],
    ]);
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

/** The language picker: the page (its words, the countries, the return pages) and the card form follow it. */
function initLocale(): void {
  localeSelect.value = currentLocale();
  applyPageTexts(currentLocale());
  onLanguageChange(() => {
    updatePayButton();
    showOrderAmount();
    showSecureNote(picker.choice);
    if (!cardStatus.hidden) cardStatus.textContent = cardStatusText();
  });
  localeSelect.addEventListener('change', () => {
    const locale = selectedLocale();
    setLocale(locale);
    card.changeLocale(locale);
  });
}

/** The gateway's and the library's facts of a payment, for the developer details. */
function showDeveloperDetails(response: PaymentResponse, verified: OrderStatus | null): void {
  const tx = response.transaction;
  developer.show([
    ['Order reference', tx.reference],
    ['Transaction id', tx.id],
    ['Status (browser callback)', response.status],
    ['Status (verified by the backend)', verified?.found ? verified.status : 'not confirmed'],
    ['Processing code', verified?.processingCode ?? tx.processing_code],
    ['Response message', verified?.responseMessage ?? tx.response_message],
    ['Card', [tx.payment_method.brand, tx.payment_method.masked].filter(Boolean).join(' ')],
  ]);
}

async function init(): Promise<void> {
  initLocale();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void pay();
  });
  retryButton.addEventListener('click', retry);
  events.start();
  orders.start();
  await account.restore();
  developer.setCustomer(account.current?.customerId);
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
