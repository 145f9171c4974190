/** The card form's model: which fields show, the form's state, and what it hands out. */
import { describe, expect, it } from 'vitest';
import type { FrameConfig } from '../shared/protocol';
import { cardFrameConfig } from '../test-support/frame-config';
import { CardFormModel } from './card-form-model';
import './card-rules-at-once'; // the rules, as the hosted page has them (the card frame loads them after ready)

const NEXT_YEAR = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

function config(overrides: Partial<FrameConfig> = {}): FrameConfig {
  return cardFrameConfig({ translations: {}, ...overrides });
}

function typed(model: CardFormModel, values: Partial<Record<'number' | 'expiry' | 'cvv' | 'holderName' | 'email', string>>): CardFormModel {
  Object.assign(model.values, values);
  return model;
}

describe('CardFormModel', () => {
  it('shows nothing and is not valid before it is configured', () => {
    const model = new CardFormModel();
    expect(model.shownFields()).toEqual([]);
    expect(model.state()).toEqual({ valid: false, brand: null, fields: {} });
    expect(model.cardData()).toBeUndefined();
  });

  it('shows the configured fields in order; hideCvv takes the CVV away', () => {
    const model = new CardFormModel();
    model.config = config({ customerConfig: { hasHolderName: true, holderNameRequired: true, hasHolderEmail: true, holderEmailRequired: false } });
    expect(model.shownFields()).toEqual(['number', 'expiry', 'cvv', 'holderName', 'email']);
    model.hideCvv = true;
    expect(model.shownFields()).toEqual(['number', 'expiry', 'holderName', 'email']);
  });

  it('is valid, with the brand, once every shown field is; hands out the card data only then', () => {
    const model = typed(new CardFormModel(), { number: '4000 0000 0000 0002', expiry: `12 / ${NEXT_YEAR}` });
    model.config = config();
    expect(model.state()).toMatchObject({ valid: false, brand: 'visa' });
    expect(model.cardData()).toBeUndefined();
    typed(model, { cvv: '123' });
    expect(model.state().valid).toBe(true);
    expect(model.cardData()).toEqual({
      number: '4000000000000002',
      expiryMonth: '12',
      expiryYear: `20${NEXT_YEAR}`,
      cvv: '123',
      holderName: '',
      email: '',
      saveCard: false,
    });
  });

  it('judges empty required fields only once told to judge everything', () => {
    const model = new CardFormModel();
    model.config = config();
    expect(model.state().fields.number?.error).toBeNull();
    model.judgeAll();
    expect(model.state().fields.number?.error).toBe('card_number_required');
  });

  it('asks to save the card only when offered and ticked', () => {
    const model = typed(new CardFormModel(), { number: '4000000000000002', expiry: `12${NEXT_YEAR}`, cvv: '123' });
    model.config = config();
    model.saveCard = true;
    expect(model.cardData()?.saveCard).toBe(false);
    model.config = config({ saveCard: { offer: true, tokenizeFor: 'CUSTOMER_INITIATED_TRANSACTION' } });
    expect(model.cardData()?.saveCard).toBe(true);
  });

  it('hands out the shown, filled holder fields, trimmed', () => {
    const model = typed(new CardFormModel(), { holderName: '  Ana Kovač ', email: 'ana@example.com' });
    model.config = config({ customerConfig: { hasHolderName: true, holderNameRequired: false, hasHolderEmail: false, holderEmailRequired: false } });
    expect(model.holderData()).toEqual({ holderName: 'Ana Kovač' });
  });

  it('a saved card shows its CVV only, has its brand, and cannot pay once expired', () => {
    const savedCard = { paymentMethodId: 'pm_1', maskedPan: '400000******0002', expirationDate: `12${NEXT_YEAR}`, cardBrand: 'VISA' };
    const model = typed(new CardFormModel(), { cvv: '123' });
    model.config = config({ component: 'saved-card', savedCard });
    expect(model.shownFields()).toEqual(['cvv']);
    expect(model.state()).toMatchObject({ valid: true, brand: 'visa' });
    expect(model.cardData()).toMatchObject({ number: '', cvv: '123', saveCard: false });
    model.config = config({ component: 'saved-card', savedCard: { ...savedCard, expirationDate: '0120' } });
    expect(model.savedCardExpired()).toBe(true);
    expect(model.state().valid).toBe(false);
  });
});
