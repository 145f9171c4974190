import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PROTOCOL_VERSION,
  configFragment,
  isApmFrameConfig,
  isApmReadyReport,
  isFrameConfig,
  isReadyReport,
  readFrameConfig,
  CONFIG_PARAM,
  SPLIT_GROUP_IN_FRAGMENT,
  configForQuery,
  configParam,
  type ApmFrameConfig,
  type FrameConfig,
} from './protocol';

const card: FrameConfig = {
  protocolVersion: PROTOCOL_VERSION,
  component: 'card',
  locale: 'ro-RO',
  customerConfig: { hasHolderName: true, holderNameRequired: true, hasHolderEmail: false, holderEmailRequired: false },
  styles: { '--ef-color-text': '#102030' },
  saveCard: { offer: true, tokenizeFor: 'CUSTOMER_INITIATED_TRANSACTION' },
  savedCard: null,
  translations: { 'ro-RO': { 'card.number.label': 'Număr card' } },
};
const savedCard: FrameConfig = {
  ...card,
  component: 'saved-card',
  saveCard: null,
  savedCard: { paymentMethodId: 'pm_1', maskedPan: '411111******1111', expirationDate: '12/30', cardBrand: 'VISA' },
};
const apm: ApmFrameConfig = {
  protocolVersion: PROTOCOL_VERSION,
  mode: 'list',
  locale: 'sv-SE',
  customerConfig: { hasHolderName: false, hasHolderEmail: true },
  styles: {},
  paymentMethods: ['WALLET_A'],
};

describe('the configuration in the frame URL’s fragment', () => {
  it('comes back as it went, through the URL', () => {
    for (const config of [card, savedCard, apm]) {
      const url = new URL('https://gateway.example/frames/card?v=1');
      url.hash = configFragment(config);
      expect(readFrameConfig('', new URL(url.toString()).hash)).toEqual(config);
    }
  });

  it('any text the merchant gives survives the round trip (translations, styles)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, style) => {
        const config = { ...card, styles: { '--ef-font-family': style }, translations: { 'ro-RO': { 'card.number.label': text } } };
        const url = new URL('https://gateway.example/frames/card');
        url.hash = configFragment(config);
        expect(readFrameConfig('', new URL(url.toString()).hash)).toEqual(config);
      }),
    );
  });

  it('in the query (a new card the gateway draws: CONFIG_PARAM), it comes back as it went, and before any fragment', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, style) => {
        const config = { ...card, styles: { '--ef-font-family': style }, translations: { 'ro-RO': { 'card.number.label': text } } };
        const url = new URL('https://gateway.example/frames/card?v=1');
        url.searchParams.set(CONFIG_PARAM, configParam(config));
        expect(url.searchParams.get(CONFIG_PARAM)).toMatch(/^[\w-]*$/); // nothing the gateway's edge could take for markup
        url.hash = configFragment(savedCard);
        const received = new URL(url.toString());
        expect(readFrameConfig(received.search, received.hash)).toEqual(config);
      }),
    );
    for (const search of ['?config=', '?config=%7B', '?config=bnVsbA&v=1', '?config=!!']) expect(isFrameConfig(readFrameConfig(search, ''))).toBe(false);
  });

  it("split fields: the query names no group (one document per layout for the gateway), the fragment carries it, and the frame reads both", () => {
    const split: FrameConfig = { ...card, split: { group: 'Ab3_-'.repeat(6) + 'xy', field: 'expiry', fields: ['number', 'expiry', 'cvv'] } };
    const other: FrameConfig = { ...split, split: { ...split.split!, group: 'Z'.repeat(32) } };
    const { param, fragment } = configForQuery(split);
    expect(param).toBe(configForQuery(other).param);
    expect(param).not.toContain(split.split!.group);
    const url = new URL('https://gateway.example/frames/card?v=1');
    url.searchParams.set(CONFIG_PARAM, param);
    url.hash = fragment;
    expect(readFrameConfig(url.search, url.hash)).toEqual(split);
    expect(isFrameConfig(readFrameConfig(url.search, url.hash))).toBe(true);
    // Without the fragment: the placeholder, which joins no group (secure/split-frame.ts).
    expect((readFrameConfig(url.search, '') as FrameConfig).split!.group).toBe(SPLIT_GROUP_IN_FRAGMENT);
  });

  it('no fragment, another fragment or broken JSON reads as nothing, never throws', () => {
    for (const hash of ['', '#', '#other=1', '#config=', '#config=%7B', '#config=%E0%A4%A', '#config=null']) {
      expect(() => readFrameConfig('', hash)).not.toThrow();
      expect(isFrameConfig(readFrameConfig('', hash))).toBe(false);
    }
    fc.assert(fc.property(fc.string(), (junk) => !isFrameConfig(readFrameConfig('', `#config=${encodeURIComponent(junk)}`))));
  });
});

describe('isFrameConfig', () => {
  it('takes a card and a saved card of this protocol version', () => {
    expect(isFrameConfig(card)).toBe(true);
    expect(isFrameConfig(savedCard)).toBe(true);
    expect(isFrameConfig({ ...card, translations: undefined })).toBe(true);
    expect(isFrameConfig({ ...card, preferredNetworks: ['cartes_bancaires', 'visa'] })).toBe(true);
  });

  it.each([
    ['another protocol version', { ...card, protocolVersion: PROTOCOL_VERSION + 1 }],
    ['another component', { ...card, component: 'apm' }],
    ['no locale', { ...card, locale: 7 }],
    ['a customer flag that is not a boolean', { ...card, customerConfig: { ...card.customerConfig, hasHolderName: 'yes' } }],
    ['styles that are a list', { ...card, styles: ['--ef-color-text'] }],
    ['translations that are text', { ...card, translations: 'x' }],
    ['preferred networks that are not a list of text', { ...card, preferredNetworks: 'visa' }],
    ['preferred networks with a number', { ...card, preferredNetworks: ['visa', 7] }],
    ['an unknown tokenization', { ...card, saveCard: { offer: true, tokenizeFor: 'ANY' } }],
    ['a saved card without its id', { ...savedCard, savedCard: { ...savedCard.savedCard, paymentMethodId: 5 } }],
    ['nothing', null],
  ])('refuses %s', (_, value) => {
    expect(isFrameConfig(value)).toBe(false);
  });
});

describe('isApmFrameConfig', () => {
  it('takes a list and a headless frame, with or without the merchant’s methods', () => {
    expect(isApmFrameConfig(apm)).toBe(true);
    expect(isApmFrameConfig({ ...apm, mode: 'headless', paymentMethods: null })).toBe(true);
  });

  it('refuses another version, another mode and methods that are not names', () => {
    expect(isApmFrameConfig({ ...apm, protocolVersion: 0 })).toBe(false);
    expect(isApmFrameConfig({ ...apm, mode: 'popup' })).toBe(false);
    expect(isApmFrameConfig({ ...apm, paymentMethods: [1] })).toBe(false);
    expect(isApmFrameConfig(card)).toBe(false);
  });
});

describe('ready reports', () => {
  it('a height, or a reason', () => {
    expect(isReadyReport({ kind: 'ready', height: 156.4 })).toBe(true);
    expect(isReadyReport({ kind: 'failed', reason: 'no valid configuration' })).toBe(true);
    expect(isApmReadyReport({ kind: 'ready', height: 80, methods: ['WALLET_A'] })).toBe(true);
  });

  it.each([
    { kind: 'ready', height: -1 },
    { kind: 'ready', height: Number.NaN },
    { kind: 'ready', height: '156' },
    { kind: 'failed' },
    { kind: 'done', height: 1 },
    null,
  ])('refuses %j', (value) => {
    expect(isReadyReport(value)).toBe(false);
  });

  it('the payment-method frame must say which methods it shows', () => {
    expect(isApmReadyReport({ kind: 'ready', height: 80 })).toBe(false);
    expect(isApmReadyReport({ kind: 'ready', height: 80, methods: [1] })).toBe(false);
  });
});
