/** A co-badged card in the card form's model: `brands`, the chosen `brand`, and the network the payment goes on. */
import { describe, expect, it } from 'vitest';
import type { FrameConfig } from '../shared/protocol';
import { cardFrameConfig } from '../test-support/frame-config';
import { CardFormModel } from './card-form-model';
import './card-rules-at-once'; // the rules, as the hosted page has them

const NEXT_YEAR = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

function model(number: string, overrides: Partial<FrameConfig> = {}): CardFormModel {
  const m = new CardFormModel();
  m.config = cardFrameConfig(overrides);
  Object.assign(m.values, { number, expiry: `12 / ${NEXT_YEAR}`, cvv: '123' });
  return m;
}

describe('a co-badged card in the card form', () => {
  it('reports every network in `brands` and the first the card lists as `brand`', () => {
    expect(model('4000 0025 0000 1001').state()).toMatchObject({ valid: true, brand: 'cartes_bancaires', brands: ['cartes_bancaires', 'visa'] });
    expect(model('5555 5525 0000 1001').state()).toMatchObject({ brand: 'cartes_bancaires', brands: ['cartes_bancaires', 'mastercard'] });
  });

  it('preselects the first of the merchant’s preferred networks that the card has', () => {
    expect(model('4000 0025 0000 1001', { preferredNetworks: ['mastercard', 'visa'] }).state().brand).toBe('visa');
    expect(model('4000 0025 0000 1001', { preferredNetworks: ['amex'] }).state().brand).toBe('cartes_bancaires');
  });

  it('follows the shopper’s choice, and pays on it', () => {
    const m = model('4000 0025 0000 1001', { preferredNetworks: ['cartes_bancaires'] });
    expect(m.cardData()?.network).toBe('CARTES_BANCAIRES');
    m.chosenNetwork = 'visa';
    expect(m.state().brand).toBe('visa');
    expect(m.cardData()?.network).toBe('VISA');
    // A number without the chosen network falls back to the rule.
    Object.assign(m.values, { number: '5555 5525 0000 1001' });
    expect(m.state().brand).toBe('cartes_bancaires');
  });

  it('gives a single-network card one brand in `brands` and no network to send', () => {
    const m = model('4000 0000 0000 0002', { preferredNetworks: ['cartes_bancaires'] });
    expect(m.state()).toMatchObject({ brand: 'visa', brands: ['visa'] });
    expect(m.cardData()?.network).toBeUndefined();
    expect(model('').state()).toMatchObject({ brand: null, brands: [] });
  });
});
