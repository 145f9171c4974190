/**
 * "Saved cards": the shopper's profile and its cards, as the shop's backend knows them. A
 * profile is created from the contact details (the backend creates the customer at the
 * gateway); a card appears once the gateway's tokenization webhook reaches the backend;
 * Remove asks the backend to delete it at the gateway. A removed card stays listed, marked,
 * with a test button to try paying with it (the gateway refuses it). DOM APIs only.
 */
import type { Account, AccountCard } from '../shared/api-types';
import { createAccount, fetchAccount, removeCard } from './api';
import { element } from './dom';

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
  private message = '';

  constructor(
    private readonly root: HTMLElement,
    private readonly events: AccountPanelEvents,
  ) {}

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
      this.message = 'The payment provider has not confirmed the saved card yet. It will appear here once it does.';
    } finally {
      this.waiting = false;
      this.render();
    }
  }

  private update(account: Account | undefined): void {
    this.account = account;
    this.message = '';
    this.render();
    this.events.onChange(account);
  }

  private async create(): Promise<void> {
    const details = this.events.contactDetails();
    if (!details) {
      this.message = 'Fill in your contact details above first: your profile is made from them.';
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
      this.message = `${cardLabel(card)} was removed from your profile.`;
      this.render();
    });
  }

  private async run(action: () => Promise<void>): Promise<void> {
    this.busy = true;
    this.render();
    try {
      await action();
    } catch (error) {
      this.message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private render(): void {
    const account = this.account;
    const children: Node[] = [];
    if (!account) {
      const create = element('button', { className: 'button-secondary', text: 'Create a profile from my contact details', attributes: { type: 'button' } });
      create.disabled = this.busy;
      create.addEventListener('click', () => void this.create());
      children.push(
        element('p', {
          className: 'account-intro',
          text: 'Save a card for a faster checkout next time. Your profile and the card are kept by our payment provider; we never see the card number.',
        }),
        create,
      );
    } else {
      children.push(
        element('p', { className: 'account-line' }, [
          element('span', { text: `Profile: ${account.email}` }),
          element('span', { className: 'account-id', text: ` · customer ${account.customerId}` }),
        ]),
      );
      if (account.cards.length === 0) {
        children.push(element('p', { className: 'account-empty', text: 'No saved cards yet. Pay by card and tick “Save this card for future payments”.' }));
      } else {
        children.push(element('ul', { className: 'saved-cards', attributes: { 'aria-label': 'Your saved cards' } }, account.cards.map((card) => this.cardItem(card))));
      }
    }
    if (this.waiting) children.push(element('p', { className: 'account-waiting', text: 'Saving your card: waiting for the payment provider to confirm it…' }));
    children.push(element('p', { className: 'account-message', text: this.message, attributes: { role: 'status' } }));
    this.root.replaceChildren(...children);
  }

  private cardItem(card: AccountCard): HTMLLIElement {
    const removed = card.status === 'DELETED';
    const action = removed
      ? element('button', { className: 'button-link', text: 'Try it anyway (test)', attributes: { type: 'button', 'aria-label': `Try paying with the removed ${cardLabel(card)} (test)` } })
      : element('button', { className: 'button-link', text: 'Remove', attributes: { type: 'button', 'aria-label': `Remove ${cardLabel(card)}` } });
    action.disabled = this.busy;
    action.addEventListener('click', () => (removed ? this.events.onTryRemoved(card) : void this.remove(card)));
    return element('li', { className: `saved-card${removed ? ' saved-card-removed' : ''}` }, [
      element('span', { className: 'saved-card-name', text: cardLabel(card) }),
      element('span', { className: 'saved-card-expiry', text: `Expires ${expiryLabel(card)}` }),
      ...(removed ? [element('span', { className: 'badge badge-declined', text: 'Removed' })] : []),
      action,
    ]);
  }
}
