/**
 * "Pay with": a radio group over the card form: a new card, each saved card of the profile,
 * and the other payment methods. A removed card is offered only when a tester asks for it
 * ("Try it anyway (test)"), labelled as such. Changing the choice remounts the component.
 */
import { formatMessage } from '@payments/core';
import type { AccountCard } from '../shared/api-types';
import { cardLabel, expiryLabel } from './account-panel';
import type { PaymentChoice } from './card-payment';
import { element } from './dom';
import { onLanguageChange, texts } from './i18n';

interface Option {
  key: string;
  label: string;
  hint: string;
  choice: PaymentChoice;
}

export class MethodPicker {
  private cards: AccountCard[] = [];
  private offerSave = false;
  private tested: AccountCard | undefined;
  private selected = 'card';
  private disabled = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly onChoose: (choice: PaymentChoice) => void,
  ) {
    this.render();
    onLanguageChange(() => this.render());
  }

  /** The profile's cards (active ones are offered) and whether a new card may be saved. */
  /** Answers true when the chosen option is gone (a removed card): the caller remounts. */
  setCards(cards: readonly AccountCard[], offerSave: boolean): boolean {
    const before = JSON.stringify(this.choice);
    this.cards = cards.filter((card) => card.status === 'ACTIVE');
    this.offerSave = offerSave;
    if (this.tested && cards.some((card) => card.paymentMethodId === this.tested?.paymentMethodId && card.status === 'ACTIVE')) this.tested = undefined;
    if (!this.options().some((option) => option.key === this.selected)) this.selected = 'card';
    this.render();
    return JSON.stringify(this.choice) !== before;
  }

  /** Offers a removed card (a test of the refusal) and chooses it. */
  tryRemoved(card: AccountCard): void {
    this.tested = card;
    this.choose(`removed:${card.paymentMethodId}`);
  }

  get choice(): PaymentChoice {
    return (this.options().find((option) => option.key === this.selected) ?? this.options()[0]!).choice;
  }

  setDisabled(disabled: boolean): void {
    this.disabled = disabled;
    this.sync();
  }

  /** Not re-rendered: the radio keeps focus while arrow keys move the choice. */
  private choose(key: string): void {
    this.selected = key;
    if (!this.root.querySelector(`input[value="${CSS.escape(key)}"]`)) this.render();
    this.sync();
    this.onChoose(this.choice);
  }

  private sync(): void {
    for (const input of this.root.querySelectorAll<HTMLInputElement>('input[name="pay-with"]')) {
      input.checked = input.value === this.selected;
      input.disabled = this.disabled;
    }
  }

  private options(): Option[] {
    const text = texts().methods;
    return [
      { key: 'card', label: text.newCard, hint: text.newCardHint, choice: { kind: 'card', offerSave: this.offerSave } },
      { key: 'card-split', label: text.newCardSplit, hint: text.newCardSplitHint, choice: { kind: 'card', offerSave: this.offerSave, split: true } },
      ...this.cards.map((card) => ({
        key: `saved:${card.paymentMethodId}`,
        label: formatMessage(text.saved, { card: cardLabel(card) }),
        hint: formatMessage(texts().account.expires, { date: expiryLabel(card) }),
        choice: { kind: 'saved-card', card } as const,
      })),
      ...(this.tested
        ? [
            {
              key: `removed:${this.tested.paymentMethodId}`,
              label: formatMessage(text.removedTest, { card: cardLabel(this.tested) }),
              hint: text.removedTestHint,
              choice: { kind: 'saved-card', card: this.tested } as const,
            },
          ]
        : []),
      { key: 'other', label: text.other, hint: text.otherHint, choice: { kind: 'other' } },
    ];
  }

  private render(): void {
    const options = this.options();
    this.root.replaceChildren(
      element('fieldset', { className: 'method-picker' }, [
        element('legend', { text: texts().methods.legend }),
        ...options.map((option) => {
          const id = `pay-with-${option.key.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
          const input = element('input', { attributes: { type: 'radio', name: 'pay-with', id, value: option.key } });
          input.checked = option.key === this.selected;
          input.disabled = this.disabled;
          input.addEventListener('change', () => this.choose(option.key));
          return element('div', { className: `method-option${option.key.startsWith('removed:') ? ' method-option-test' : ''}` }, [
            input,
            element('label', { attributes: { for: id } }, [
              element('span', { className: 'method-label', text: option.label }),
              element('span', { className: 'method-hint', text: option.hint }),
            ]),
          ]);
        }),
      ]),
    );
  }
}
