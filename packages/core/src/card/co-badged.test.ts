import { describe, expect, it } from 'vitest';
import { TEST_CARDS, testCardScenario } from '../test-cards';
import { cardBrandName } from './brand-names';
import { detectCardBrand } from './brands';
import { CO_BADGED_RANGES, chooseCardNetwork, detectCardNetworks, gatewayNetworkName, isCoBadged } from './co-badged';
import { validateCardNumber } from './card-number';

const CB_VISA = '4000 0025 0000 1001';
const CB_MASTERCARD = '5555 5525 0000 1001';

describe('the co-badged test cards', () => {
  it('are in the table, approved frictionless, valid, with the networks detection finds', () => {
    const coBadged = TEST_CARDS.filter((card) => card.brands);
    expect(coBadged.map((card) => card.number)).toEqual(['4000002500001001', '5555552500001001']);
    for (const card of coBadged) {
      expect(testCardScenario(card.number)).toBe('frictionless-approved');
      expect(validateCardNumber(card.number, { final: true }).valid, card.number).toBe(true);
      expect(detectCardNetworks(card.number)).toEqual(card.brands);
    }
  });

  it('come after the plain cards, so a scenario search finds a plain card first', () => {
    const first = TEST_CARDS.find((card) => card.scenario === 'frictionless-approved' && card.network === 1);
    expect(first?.number).toBe('4000000000000002');
  });
});

describe('detectCardNetworks', () => {
  it('yields every network of a co-badged number, the domestic scheme first', () => {
    expect(detectCardNetworks(CB_VISA)).toEqual(['cartes_bancaires', 'visa']);
    expect(detectCardNetworks(CB_MASTERCARD)).toEqual(['cartes_bancaires', 'mastercard']);
    expect(detectCardNetworks('4000002500001001')).toEqual(['cartes_bancaires', 'visa']);
  });

  it('shows the co-badge from the eighth digit, the one brand before it', () => {
    expect(detectCardNetworks('4000 002')).toEqual(['visa']);
    expect(detectCardNetworks('4000 0025')).toEqual(['cartes_bancaires', 'visa']);
    expect(detectCardNetworks('5555 552')).toEqual(['mastercard']);
    expect(detectCardNetworks('5555 5525')).toEqual(['cartes_bancaires', 'mastercard']);
  });

  it('yields one network for a plain card and none while no brand shows', () => {
    expect(detectCardNetworks('4242 4242 4242 4242')).toEqual(['visa']);
    expect(detectCardNetworks('4000 0026 0000 1000')).toEqual(['visa']);
    expect(detectCardNetworks('378282246310005')).toEqual(['amex']);
    expect(detectCardNetworks('')).toEqual([]);
    expect(detectCardNetworks('3')).toEqual([]);
  });

  it('agrees with the brand: the brand is always one of the networks', () => {
    for (const text of [CB_VISA, CB_MASTERCARD, '4', '5555', '4000002', '40000025', '6011111111111117']) {
      const brand = detectCardBrand(text)?.id;
      if (brand) expect(detectCardNetworks(text), text).toContain(brand);
    }
  });

  it('answers afresh as the number changes, with a shared array for the same answer', () => {
    const first = detectCardNetworks('4242');
    expect(detectCardNetworks(CB_VISA)).toEqual(['cartes_bancaires', 'visa']);
    expect(detectCardNetworks('4343')).toBe(first);
    expect(detectCardNetworks('4000002500001001')).toBe(CO_BADGED_RANGES[0]!.networks);
    expect(Object.isFrozen(first)).toBe(true);
  });
});

describe('chooseCardNetwork', () => {
  const networks = ['cartes_bancaires', 'visa'];

  it('keeps the shopper’s choice when the card has it', () => {
    expect(chooseCardNetwork(networks, { chosen: 'visa', preferred: ['cartes_bancaires'] })).toBe('visa');
  });

  it('else takes the first preferred network the card has', () => {
    expect(chooseCardNetwork(networks, { preferred: ['mastercard', 'visa', 'cartes_bancaires'] })).toBe('visa');
    expect(chooseCardNetwork(networks, { chosen: 'mastercard', preferred: ['visa'] })).toBe('visa');
  });

  it('else the first network the card lists; nothing for no network', () => {
    expect(chooseCardNetwork(networks, { preferred: ['amex'] })).toBe('cartes_bancaires');
    expect(chooseCardNetwork(networks)).toBe('cartes_bancaires');
    expect(chooseCardNetwork(['visa'], { preferred: ['cartes_bancaires'] })).toBe('visa');
    expect(chooseCardNetwork([])).toBeUndefined();
  });
});

describe('network names', () => {
  it('writes a network as the gateway does, and names it for shoppers', () => {
    expect(gatewayNetworkName('cartes_bancaires')).toBe('CARTES_BANCAIRES');
    expect(cardBrandName('CARTES_BANCAIRES')).toBe('Cartes Bancaires');
    expect(cardBrandName('cartes_bancaires')).toBe('Cartes Bancaires');
    expect(isCoBadged(['visa'])).toBe(false);
    expect(isCoBadged(['cartes_bancaires', 'visa'])).toBe(true);
  });
});
