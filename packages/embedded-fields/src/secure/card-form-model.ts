/**
 * What the card form holds and what it answers, apart from its markup: the frame's
 * configuration, what was typed in each field and how far each is judged (typing, blurred,
 * submitted), which fields show, the brand, each field's state, the form's ComponentState,
 * the holder data and the card data to encrypt. No DOM: <ef-card-form> (card-form.ts) draws
 * it and feeds it the shopper's edits. The rules it judges by load after the form is drawn
 * (card-rules-loader.ts); until then every field is empty, and judged as such.
 */
import type { CardBrand } from '@payments/core';
import type { ComponentState, FieldName, FieldState, HolderData } from '../shared/payment-types';
import type { FrameConfig } from '../shared/protocol';
import type { SavedCardView } from './field-controller';
import { emptyFieldState, emptyValues, FIELD_ORDER, typingModes, type CardData, type FieldMode } from './card-field-defaults';
import { cardRules } from './card-rules-loader';
import type { CardNetworks, CardRules } from './card-rules';

const NO_NETWORKS: CardNetworks = { networks: [] };

/**
 * The rules, where an answer needs them. They are always here by then: the fields hold
 * nothing until the rules have arrived (card-form.ts keeps what is typed meanwhile), a saved
 * card is drawn only once they have (frame-main.ts), and a submit or validate waits for them.
 */
function rules(): CardRules {
  const loaded = cardRules();
  if (!loaded) throw new Error('the card rules have not loaded');
  return loaded;
}

export class CardFormModel {
  /** The frame's configuration; none yet: no field shows. */
  config: FrameConfig | undefined;
  /** What each field holds, as its input shows it. */
  readonly values = emptyValues();
  /** How far each field is judged: `typing` until it is left, `blurred`, `submitted`. */
  readonly modes = typingModes();
  /** The shopper ticked "save this card". */
  saveCard = false;
  /** No CVV field for a new card (the hosted page's `cvv_less`). */
  hideCvv = false;
  /** A co-badged card's network the shopper chose; kept while the number has it (network()). */
  chosenNetwork: string | undefined;

  /** Split fields, in a frame without the number: the brand the number's frame shares (card-group.ts). */
  groupBrand: CardBrand | undefined;

  /** The fields this form draws: every shown one, or (split fields) its own. */
  drawnFields(): FieldName[] {
    const split = this.config?.split;
    const shown = this.shownFields();
    return split ? shown.filter((field) => field === split.field) : shown;
  }

  /** The fields the configuration shows, in FIELD_ORDER. */
  shownFields(): FieldName[] {
    const config = this.config;
    if (!config) return [];
    if (config.component === 'saved-card') return ['cvv'];
    const { hasHolderName, hasHolderEmail } = config.customerConfig;
    return FIELD_ORDER.filter(
      (field) => (field !== 'holderName' || hasHolderName) && (field !== 'email' || hasHolderEmail) && (field !== 'cvv' || !this.hideCvv),
    );
  }

  /** Whether the field must be filled: number, expiry and CVV always; name and email as customerConfig says. */
  fieldRequired(field: FieldName): boolean {
    const customer = this.config?.customerConfig;
    if (field === 'holderName') return Boolean(customer?.holderNameRequired);
    if (field === 'email') return Boolean(customer?.holderEmailRequired);
    return true;
  }

  /** Empties the fields the configuration does not show (a field hidden by update() takes what was typed in it along). */
  clearHiddenFields(): void {
    const shown = this.shownFields();
    for (const field of FIELD_ORDER) {
      if (shown.includes(field)) continue;
      this.values[field] = '';
      this.modes[field] = 'typing';
    }
  }

  /** The saved card to show (saved-card only). */
  savedCard(): SavedCardView | undefined {
    const card = this.config?.component === 'saved-card' ? this.config.savedCard : null;
    return card ? rules().describeSavedCard(card) : undefined;
  }

  savedCardExpired(): boolean {
    const card = this.config?.component === 'saved-card' ? this.config.savedCard : null;
    return card ? rules().savedCardExpired(card.expirationDate, new Date()) : false;
  }

  /** The saved card's brand, or the one the number typed so far shows. */
  brand(): CardBrand | undefined {
    if (this.config?.component === 'saved-card') return this.savedCard()?.brand;
    if (this.config?.split && this.config.split.field !== 'number') return this.groupBrand;
    return this.values.number === '' ? undefined : rules().detectCardBrand(this.values.number);
  }

  /**
   * Every network of the number typed so far, and the one the payment goes on: the shopper's
   * choice, else the merchant's preferred, else the card's first (core's chooseCardNetwork).
   * None for a saved card (its brand is settled) or an empty number.
   */
  networks(): CardNetworks {
    return this.config?.component === 'card' && this.values.number ? rules().cardNetworks(this.values.number, this.chosenNetwork, this.config.preferredNetworks) : NO_NETWORKS;
  }

  /**
   * A co-badged number's network the payment goes on, which the number's mark and spoken
   * brand follow (Cartes Bancaires chosen: its mark); undefined for a number of one network.
   */
  coBadgedNetwork(): { id: string; name: string } | undefined {
    const { networks, network } = this.networks();
    return networks.length > 1 && network ? { id: network, name: rules().cardBrandName(network) ?? network } : undefined;
  }

  brandId(): string | null {
    return this.config?.component === 'saved-card' ? (this.savedCard()?.brandId ?? null) : (this.networks().network ?? null);
  }

  /** A field's state, judged as in `mode` (its own mode by default). */
  fieldState(field: FieldName, mode: FieldMode = this.modes[field]): FieldState {
    const customer = this.config?.customerConfig;
    const holderNameRequired = Boolean(customer?.holderNameRequired);
    const holderEmailRequired = Boolean(customer?.holderEmailRequired);
    const loaded = cardRules();
    if (!loaded && this.values[field] === '') {
      const required = field === 'holderName' ? holderNameRequired : field === 'email' ? holderEmailRequired : true;
      return emptyFieldState(field, mode, required);
    }
    return (loaded ?? rules()).cardFieldState(field, this.values[field], mode, { brand: this.brand(), holderNameRequired, holderEmailRequired });
  }

  /** Every shown field's state; never a value. */
  state(): ComponentState {
    const fields: Partial<Record<FieldName, FieldState>> = {};
    for (const field of this.shownFields()) fields[field] = this.fieldState(field);
    return {
      // An expired saved card cannot pay, whatever its CVV.
      valid: Object.values(fields).every((state) => state.valid) && this.shownFields().length > 0 && !this.savedCardExpired(),
      brand: this.brandId(),
      ...(this.config?.component === 'card' ? { brands: [...this.networks().networks] } : {}),
      fields,
    };
  }

  /** Judges every field as final (empty required fields then report *_required). */
  judgeAll(): void {
    for (const field of FIELD_ORDER) this.modes[field] = 'submitted';
  }

  /** What the shopper typed in the optional fields (trimmed; keys only for shown, filled fields). */
  holderData(): HolderData {
    const data: HolderData = {};
    const shown = this.shownFields();
    const holderName = this.values.holderName.trim();
    const email = this.values.email.trim();
    if (shown.includes('holderName') && holderName) data.holderName = holderName;
    if (shown.includes('email') && email) data.email = email;
    return data;
  }

  /** The values to encrypt, or undefined unless every shown field is valid as it stands. */
  cardData(): CardData | undefined {
    const shown = this.shownFields();
    if (shown.length === 0) return undefined;
    if (!shown.every((field) => this.fieldState(field, 'submitted').valid)) return undefined;
    const holderName = shown.includes('holderName') ? this.values.holderName.trim() : '';
    const email = shown.includes('email') ? this.values.email.trim() : '';
    if (this.config?.component === 'saved-card') {
      if (!this.config.savedCard) return undefined;
      return { number: '', expiryMonth: '', expiryYear: '', cvv: this.values.cvv, holderName, email, saveCard: false };
    }
    const number = rules().normalizeCardNumber(this.values.number);
    const expiry = rules().encryptableExpiry(this.values.expiry);
    if (!number || !expiry) return undefined;
    const { month, year } = expiry;
    return {
      network: this.networks().chosen,
      number,
      expiryMonth: month,
      expiryYear: year,
      cvv: this.values.cvv,
      holderName,
      email,
      saveCard: Boolean(this.config?.saveCard?.offer) && this.saveCard,
    };
  }
}
