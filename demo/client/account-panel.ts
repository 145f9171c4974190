/**
 * "Saved cards": the shopper's profile and its cards, as the shop's backend knows them. A
 * profile is created from the contact details (the backend creates the customer at the
 * gateway); a card appears once the gateway's tokenization webhook reaches the backend;
 * Remove asks the backend to delete it at the gateway. A removed card stays listed, marked,
 * with a test button to try paying with it (the gateway refuses it). DOM APIs only.
 */
import { formatMessage, messages } from '@payments/core';
import type { Account, AccountCard } from '../shared/api-types';
import { ShopApiError, createAccount, fetchAccount, removeCard } from './api';
import { element } from './dom';
import { currentLocale, onLanguageChange, shopErrorMessage, texts } from './i18n';

const STORAGE_KEY = 'northwind-account';
const POLL_MS = 750;

export interface AccountPanelEvents {
  /** The profile was created or its cards changed. */
  onChange(account: Account | undefined): void;
  /** "Try it anyway (test)" on a removed card. */
  onTryRemoved(card: AccountCard): void;
  /** The contact details for a new profile, or undefined when they are not valid yet. */
  contactDetails(): { email: string; firstName: string; lastName: string } | undefined;
}

/** "Visa •••• 0002". */
export function cardLabel(card: AccountCard): string {
  const brand = card.cardBrand.charAt(0).toUpperCase() + card.cardBrand.slice(1).toLowerCase();
  return `${brand} •••• ${card.last4}`;
}

/** MMYY → "12/30". */
export function expiryLabel(card: AccountCard): string {
  return `${card.expirationDate.slice(0, 2)}/${card.expirationDate.slice(2)}`;
}

export class AccountPanel {
  private account: Account | undefined;
  private busy = false;
  private waiting = false;
  /** The status line, as a function of the language. */
  private message: () => string = () => '';

  constructor(
    private readonly root: HTMLElement,
    private readonly events: AccountPanelEvents,
  ) {
    onLanguageChange(() => this.render());
  }

  get current(): Account | undefined {
    return this.account;
  }

  /** Reloads the profile kept in this browser, if the backend still knows it. */
  async restore(): Promise<void> {
    const id = localStorage.getItem(STORAGE_KEY);
    if (id) {
      try {
        this.account = await fetchAccount(id);
      } catch {
        localStorage.removeItem(STORAGE_KEY);
      }
    }
    this.render();
  }

  /** After a payment that asked to save the card: waits for the webhook to add it. */
  async awaitSavedCard(paymentMethodId: string, timeoutMs = 15_000): Promise<void> {
    const account = this.account;
    if (!account) return;
    this.waiting = true;
    this.render();
    const until = Date.now() + timeoutMs;
    try {
      while (Date.now() < until) {
        const fresh = await fetchAccount(account.accountId).catch(() => undefined);
        if (fresh?.cards.some((card) => card.paymentMethodId === paymentMethodId)) {
          this.update(fresh);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      this.message = () => texts().account.notConfirmed;
    } finally {
      this.waiting = false;
      this.render();
    }
  }

  private update(account: Account | undefined): void {
    this.account = account;
    this.message = () => '';
    this.render();
    this.events.onChange(account);
  }

  private async create(): Promise<void> {
    const details = this.events.contactDetails();
    if (!details) {
      this.message = () => texts().account.fillContactFirst;
      this.render();
      return;
    }
    await this.run(async () => {
      const account = await createAccount(details);
      localStorage.setItem(STORAGE_KEY, account.accountId);
      this.update(account);
    });
  }

  private async remove(card: AccountCard): Promise<void> {
    const account = this.account;
    if (!account) return;
    await this.run(async () => {
      this.update(await removeCard(account.accountId, card.paymentMethodId));
      this.message = () => formatMessage(texts().account.removed, { card: cardLabel(card) });
      this.render();
    });
  }

  private async run(action: () => Promise<void>): Promise<void> {
    this.busy = true;
    this.render();
    try {
      await action();
    } catch (error) {
      this.message = () => (error instanceof ShopApiError ? shopErrorMessage(error.code) : texts().account.genericError);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private render(): void {
    const text = texts().account;
    const account = this.account;
    const children: Node[] = [];
    if (!account) {
      const create = element('button', { className: 'button-secondary', text: text.create, attributes: { type: 'button' } });
      create.disabled = this.busy;
      create.addEventListener('click', () => void this.create());
      children.push(element('p', { className: 'account-intro', text: text.intro }), create);
    } else {
      // The gateway's customer id is for developers: it is in the developer details, not here.
      children.push(element('p', { className: 'account-line', text: formatMessage(text.profile, { email: account.email }) }));
      if (account.cards.length === 0) {
        const saveCard = messages(currentLocale()).savedCard.saveCard;
        children.push(element('p', { className: 'account-empty', text: formatMessage(text.noCards, { saveCard }) }));
      } else {
        children.push(element('ul', { className: 'saved-cards', attributes: { 'aria-label': text.listLabel } }, account.cards.map((card) => this.cardItem(card))));
      }
    }
    if (this.waiting) children.push(element('p', { className: 'account-waiting', text: text.waiting }));
    children.push(element('p', { className: 'account-message', text: this.message(), attributes: { role: 'status' } }));
    this.root.replaceChildren(...children);
  }

  private cardItem(card: AccountCard): HTMLLIElement {
    const text = texts().account;
    const removed = card.status === 'DELETED';
    const label = cardLabel(card);
    const action = removed
      ? element('button', { className: 'button-link', text: text.tryAnyway, attributes: { type: 'button', 'aria-label': formatMessage(text.tryAnywayLabel, { card: label }) } })
      : element('button', { className: 'button-link', text: text.remove, attributes: { type: 'button', 'aria-label': formatMessage(text.removeLabel, { card: label }) } });
    action.disabled = this.busy;
    action.addEventListener('click', () => (removed ? this.events.onTryRemoved(card) : void this.remove(card)));
    return element('li', { className: `saved-card${removed ? ' saved-card-removed' : ''}` }, [
      element('span', { className: 'saved-card-name', text: label }),
      element('span', { className: 'saved-card-expiry', text: formatMessage(text.expires, { date: expiryLabel(card) }) }),
      ...(removed ? [element('span', { className: 'badge badge-declined', text: text.removedBadge })] : []),
      action,
    ]);
  }
}
