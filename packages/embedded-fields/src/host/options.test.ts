import { describe, expect, it } from 'vitest';
import { checkComponentConfig, checkComponentType, checkLocale, checkOptions } from './options';

const good = { clientKey: 'test-client-key', sessionId: 's-1', environment: 'test' };

describe('PaymentComponent options', () => {
  it('accepts the spec options', () => {
    expect(checkOptions({ ...good, locale: 'sv-SE' })).toEqual({ ...good, locale: 'sv-SE' });
  });

  it.each([
    [{ ...good, clientKey: undefined }, /clientKey is required/],
    [{ ...good, clientKey: '  ' }, /clientKey is required/],
    [{ ...good, sessionId: 42 }, /sessionId is required/],
    [{ ...good, environment: 'staging' }, /environment must be "test" or "production", got "staging"/],
    [{ ...good, locale: 'de-DE' }, /locale must be one of en-US, bs-BA, ro-RO, sv-SE, got "de-DE"/],
    [null, /options must be an object/],
  ])('names the bad option: %j', (options, message) => {
    expect(() => checkOptions(options)).toThrow(message);
  });

  it('names an unknown component type', () => {
    expect(() => checkComponentType('paypal')).toThrow(/type must be one of card, saved-card, alternative-payment-method, got "paypal"/);
    expect(checkComponentType('card')).toBe('card');
  });

  it('checks changeLocale', () => {
    expect(() => checkLocale('en-GB')).toThrow(/locale must be one of/);
  });

  it('checks customerConfig keys and types', () => {
    expect(() => checkComponentConfig('card', { customerConfig: { hasHolderNames: true } })).toThrow(/config.customerConfig.hasHolderNames is not an option/);
    expect(() => checkComponentConfig('card', { customerConfig: { hasHolderName: 'yes' } })).toThrow(/must be a boolean/);
    expect(() => checkComponentConfig('card', { onChange: 'log' })).toThrow(/config.onChange must be a function/);
  });

  it('needs the saved card data for saved-card, expiry as MMYY', () => {
    expect(() => checkComponentConfig('saved-card', {})).toThrow(/componentConfig.data is required/);
    const data = { paymentMethodId: 'pm_1', maskedPan: '400000******0002', expirationDate: '1230', cardBrand: 'VISA' };
    expect(checkComponentConfig('saved-card', { componentConfig: { data } }).componentConfig?.data).toEqual(data);
    expect(() => checkComponentConfig('saved-card', { componentConfig: { data: { ...data, expirationDate: '12/30' } } })).toThrow(/MMYY/);
  });

  it('takes paymentMethods as a list of method types', () => {
    expect(checkComponentConfig('alternative-payment-method', { paymentMethods: ['provider-x-local'] }).paymentMethods).toEqual(['provider-x-local']);
    expect(() => checkComponentConfig('alternative-payment-method', { paymentMethods: 'provider-x-local' })).toThrow(/config.paymentMethods must be an array/);
    expect(() => checkComponentConfig('alternative-payment-method', { paymentMethods: [''] })).toThrow(/config.paymentMethods/);
  });

  it('takes preferredNetworks as a list of network ids, and names the option when it is not', () => {
    expect(checkComponentConfig('card', { preferredNetworks: ['cartes_bancaires', 'visa'] }).preferredNetworks).toEqual(['cartes_bancaires', 'visa']);
    for (const bad of ['visa', ['VISA'], [''], [42], null]) {
      expect(() => checkComponentConfig('card', { preferredNetworks: bad }), JSON.stringify(bad)).toThrow(/config.preferredNetworks must be an array of network ids/);
    }
  });

  it('passes on only the string properties of styles (the frame applies its allow-list)', () => {
    const config = checkComponentConfig('card', { styles: { '--ef-color-text': '#112233', '--ef-radius': 4, onload: () => 1 } });
    expect(config.styles).toEqual({ '--ef-color-text': '#112233' });
  });
});
