/** The page's pure rules: language, payment options, instalments, outcomes, theme, contact data. */
import { describe, expect, it } from 'vitest';
import { instalmentChoices, lastFour, outcomeOf, paymentOptions, sameOriginUrl, type SessionView } from './checkout-model';
import { checkContact, contactData } from './contact-fields';
import { PAGE_TEXTS } from './texts/all';
import { contrast, normalizeHex, themeVariables } from './theme';
import { testSession } from './test-session';

const session = (overrides: Partial<SessionView> = {}): SessionView => testSession(['wallet-a-redirect', 'provider-x-local', 'provider-y-redirect-idl', 'provider-y-redirect-ali', 'provider-y-redirect-blt', 'wallet-a', 'openbanking-redirect'], overrides);

describe('paymentOptions', () => {
  it('saved cards first, then the card, then fitting redirect methods; never wallet-a by token or unknown provider Y codes', () => {
    const saved = [{ id: 'pm1', brand: 'VISA', masked: '400000******0002', exp_month: 12, exp_year: 2034 }];
    const options = paymentOptions(session(), saved);
    expect(options.map((o) => o.id)).toEqual(['saved:pm1', 'card', 'wallet-a-redirect', 'openbanking-redirect', 'provider-y-redirect-idl']);
  });

  it('offers BLIK in PLN only, with the data it requires', () => {
    const options = paymentOptions(session({ currency: 'PLN' }), []);
    const blik = options.find((o) => o.id === 'provider-x-local');
    expect(blik).toMatchObject({ kind: 'redirect', name: 'BLIK' });
    expect(blik?.kind === 'redirect' && blik.data.map((d) => d.name)).toEqual(['email', 'first_name', 'last_name', 'blik_code']);
    expect(options.map((o) => o.id)).not.toContain('provider-y-redirect-idl'); // iDEAL takes EUR only
  });

  it('offers only cards for an AUTHORIZE (redirect methods are PURCHASE only)', () => {
    expect(paymentOptions(session({ transaction_type: 'AUTHORIZE' }), []).map((o) => o.id)).toEqual(['card']);
  });
});

describe('instalmentChoices', () => {
  it('offers counts only when there is more than one payment to choose', () => {
    expect(instalmentChoices(session({ hpp: { language: null, options: { number_of_instalments: [6, 1, 3, 3] }, customer_id: null } }))).toEqual([1, 3, 6]);
    expect(instalmentChoices(session({ hpp: { language: null, options: { number_of_instalments: [1] }, customer_id: null } }))).toEqual([]);
    expect(instalmentChoices(session())).toEqual([]);
  });
});

describe('outcomeOf', () => {
  const tx = (status: string, processing_code: string | null = null, response_message: string | null = null) =>
    ({ status, processing_code, response_message, approved: status === 'APPROVED' }) as Parameters<typeof outcomeOf>[0];
  it('tells approved, pending and each kind of decline apart', () => {
    expect(outcomeOf(tx('APPROVED'))).toEqual({ kind: 'approved' });
    expect(outcomeOf(tx('PENDING'))).toEqual({ kind: 'pending' });
    expect(outcomeOf(tx('DECLINED', '1004'))).toEqual({ kind: 'declined', reason: 'funds' });
    expect(outcomeOf(tx('DECLINED', '1000', 'TRX_STATUS_3DS_AUTHENTICATION_FAILED'))).toEqual({ kind: 'declined', reason: 'authentication' });
    expect(outcomeOf(tx('DECLINED', '1000', 'TRX_STATUS_DECLINED'))).toEqual({ kind: 'declined', reason: 'generic' });
    expect(outcomeOf(tx('FAILED', '1001'))).toEqual({ kind: 'declined', reason: 'failed' });
    expect(outcomeOf({ ...tx('DECLINED', '1000'), payment_method: { type: 'wallet-a-redirect' } })).toEqual({ kind: 'declined', reason: 'provider' });
  });
});

describe('helpers', () => {
  it('reads the last four digits and keeps only same-origin logos', () => {
    expect(lastFour('520000******0007')).toBe('0007');
    expect(sameOriginUrl('/assets/logo.svg', 'http://gw.test')).toBe('/assets/logo.svg');
    expect(sameOriginUrl('https://cdn.example/logo.svg', 'http://gw.test')).toBeNull();
    expect(sameOriginUrl('javascript:alert(1)', 'http://gw.test')).toBeNull();
  });
});

describe('themeVariables', () => {
  it("uses the merchant's colours when they read well", () => {
    expect(themeVariables({ primary_color: '#1f5f4a', background_color: '#f6f4ef', text_color: '#1c1c1c' })).toEqual({
      '--brand': '#1f5f4a',
      '--on-brand': '#ffffff',
      '--brand-ink': '#1f5f4a',
      '--page-bg': '#f6f4ef',
      '--page-ink': '#1c1c1c',
    });
  });

  it('keeps every pair at AA: a light brand gets dark button text and dark links; bad values fall back', () => {
    const light = themeVariables({ primary_color: '#ffd400', background_color: '#fff', text_color: '#eeeeee' });
    expect(light['--on-brand']).toBe('#111827');
    expect(contrast(light['--brand'], light['--on-brand'])).toBeGreaterThanOrEqual(4.5);
    expect(light['--brand-ink']).toBe('#111827');
    expect(light['--page-ink']).toBe('#111827');
    expect(themeVariables({ primary_color: 'url(x)', background_color: 'red' })['--brand']).toBe('#1f5f4a');
    expect(normalizeHex('#AbC')).toBe('#aabbcc');
  });
});

describe('checkContact', () => {
  const fields = [
    { name: 'email', required: true },
    { name: 'first_name', required: true },
    { name: 'blik_code', required: false },
  ] as const;
  it('reports required, malformed and optional fields', () => {
    expect(checkContact(fields, {})).toEqual({ email: 'required', first_name: 'required' });
    expect(checkContact(fields, { email: 'ana@', first_name: 'Ana', blik_code: '12' })).toEqual({ email: 'email_invalid', blik_code: 'blik_invalid' });
    expect(checkContact(fields, { email: ' ana@example.com ', first_name: 'Ana' })).toEqual({});
    expect(contactData(fields, { email: ' ana@example.com ', first_name: 'Ana', blik_code: '' })).toEqual({ email: 'ana@example.com', first_name: 'Ana' });
  });
});

describe('PAGE_TEXTS', () => {
  it('has every text in every language, and the same parameters as English', () => {
    const english = PAGE_TEXTS['en-US'];
    for (const [locale, texts] of Object.entries(PAGE_TEXTS)) {
      for (const [key, value] of Object.entries(english)) {
        const translated = texts[key as keyof typeof english];
        expect(translated.trim(), `${locale}.${key}`).not.toBe('');
        const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(params(translated), `${locale}.${key}`).toEqual(params(value));
      }
    }
  });
});
