/**
 * Request bodies for every JSON endpoint of the gateway. Each generator makes bodies that
 * are valid as far as the schema goes (a variety of methods, flows, optional fields and
 * values at their limits); `orJunkBody` then mutates them at random places (hostile values,
 * near misses, deletions, extra keys) or replaces them with junk. Business rules are not
 * avoided: an inactive terminal, a PLN-only method in EUR, an OCT without a customer are
 * all in there, because their refusals must be clean too.
 */
import fc from 'fast-check';
import { SIMULATED_FLOWS } from '@payments/core';
import { PROVIDER_Y_CODES } from '@payments/mock-gateway/testing';
import { DICTIONARY, hugeString, orJunkBody, references, someOf } from './arbitraries';
import { TERMINALS } from './fixture';

/** Valid values and, rarely, a dictionary word (prototype names, lookalike digits). */
export function enumLike(values: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: fc.constantFrom(...DICTIONARY) });
}

/** Text of 1 to `max` characters in any script; sometimes exactly `max`. */
export function text(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: Math.min(max, 40) }) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(max)) },
    { weight: 1, arbitrary: fc.constant('é'.repeat(max)) },
  );
}

export const emails = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('shopper@example.com', 'a@b.co', `${'a'.repeat(500)}@example.com`, 'o.brien+tag@mail.example') },
  { weight: 1, arbitrary: fc.emailAddress() },
);
export const phones = fc.constantFrom('+38761123456', '+48123456789', '+46701234567');
export const countries = fc.constantFrom('BA', 'PL', 'SE', 'RO', 'IN', 'US');
export const currencies = fc.constantFrom('EUR', 'PLN', 'BAM', 'USD', 'INR', 'SEK');
export const amounts = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 1_000_000 }) }, { weight: 1, arbitrary: fc.constantFrom(1, Number.MAX_SAFE_INTEGER) });
export const urls = fc.constantFrom('https://merchant.example/return', 'http://localhost:5173/done?x=1#frag', `https://merchant.example/${'a'.repeat(2000)}`);
export const terminalIds = fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...TERMINALS) }, { weight: 1, arbitrary: fc.constantFrom('TERM00003', 'TERM99999') });
export const ips = fc.oneof(fc.constantFrom('203.0.113.5', '::1', '2001:db8::1'), fc.ipV4(), fc.ipV6());

export const customerBody = someOf({
  id: fc.constantFrom(null, 'cus_unknown'),
  first_name: text(255),
  last_name: text(255),
  email: emails,
  phone: phones,
  address: text(255),
  city: text(255),
  country: fc.oneof(countries, fc.constant(null)),
  postal_code: text(255),
});

/** Everything OCT requires of the customer. */
export const fullCustomer = fc.record({
  first_name: text(255),
  last_name: text(255),
  email: emails,
  phone: phones,
  address: text(255),
  city: text(255),
  country: countries,
  postal_code: text(20),
});

export const browserInfo = fc.record({
  user_agent: fc.constant('Mozilla/5.0 (X11; Linux x86_64)'),
  accept_header: fc.constant('text/html'),
  java_enabled: fc.boolean(),
  color_depth: fc.constantFrom(24, 32),
  screen_height: fc.integer({ min: 0, max: 4000 }),
  screen_width: fc.integer({ min: 0, max: 4000 }),
  time_zone_offset: fc.integer({ min: -1440, max: 1440 }),
  language: fc.constantFrom('en-US', 'bs-BA'),
});

export const metadata = someOf({
  simulated_flow: enumLike(SIMULATED_FLOWS),
  response_code: enumLike(['TRX_STATUS_APPROVED', 'TRX_STATUS_DECLINED', 'TRX_STATUS_FAILED']),
  challenge_window_size: enumLike(['01', '02', '03', '04', '05']),
  simulate_redirect: fc.constantFrom(true, 'true', 1, '1', false),
  simulate_form_submit: fc.constantFrom('{"trans_status":"N"}', '{"trans_status":"Y"}', 'not json', true),
  skip_three_ds: fc.boolean(),
});

/** Encrypted card fields the fuzzer picks from: valid plaintexts, and invalid ones. */
export interface CipherChoices {
  valid: string[];
  invalid: string[];
}
export interface CipherPool {
  numbers: CipherChoices;
  months: CipherChoices;
  years: CipherChoices;
  cvvs: CipherChoices;
}

/** Mostly a valid ciphertext: one bad field per body is what a fuzzer wants, not four. */
function cipher(choices: CipherChoices): fc.Arbitrary<string> {
  return fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...choices.valid) }, { weight: 1, arbitrary: fc.constantFrom(...choices.invalid) });
}

export function cardData(pool: CipherPool, fields: { number: string; cvv: boolean }): fc.Arbitrary<Record<string, unknown>> {
  const data: Record<string, fc.Arbitrary<string>> = {
    [fields.number]: cipher(pool.numbers),
    encrypted_expiration_month: cipher(pool.months),
    encrypted_expiration_year: cipher(pool.years),
  };
  if (fields.cvv) data.encrypted_cvv = cipher(pool.cvvs);
  return fc.record(data);
}

export function walletToken(pan: string, authMethod: string, month: unknown = 12, year: unknown = new Date().getUTCFullYear() + 2): string {
  const signedMessage = JSON.stringify({ paymentMethodDetails: { pan, expirationMonth: month, expirationYear: year, authMethod } });
  return Buffer.from(JSON.stringify({ signedMessage }), 'utf8').toString('base64');
}

const walletTokens = fc.constantFrom(
  walletToken('4111111111111111', 'PAN_ONLY'),
  walletToken('4111111111111111', 'CRYPTOGRAM_3DS'),
  walletToken('4111111111111111', 'SOMETHING'),
  walletToken('12', 'PAN_ONLY'),
  walletToken('4111111111111111', 'PAN_ONLY', 13),
  walletToken('4111111111111111', 'PAN_ONLY', 'constructor', {}),
  Buffer.from('[]').toString('base64'),
  Buffer.from('null').toString('base64'),
  Buffer.from('{"signedMessage":"{\\"paymentMethodDetails\\":[1,2]}"}').toString('base64'),
);

const shopper = fc.record(
  {
    email: emails,
    first_name: text(255),
    last_name: text(255),
    phone: phones,
    country: countries,
    date_of_birth: fc.constantFrom('1990-01-31', '1990-02-30'),
    blik_code: fc.constantFrom('123456', '000000'),
    language: fc.constantFrom('pl', 'en'),
  },
  { requiredKeys: ['email', 'first_name', 'last_name'] },
);

export function paymentMethod(pool: CipherPool, savedCardIds: string[], options: { cvv?: boolean } = {}): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ type: fc.constant('card'), data: cardData(pool, { number: 'encrypted_card_number', cvv: options.cvv !== false }) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant('saved_card'),
        data: fc.record({ payment_method_id: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...savedCardIds) }, { weight: 1, arbitrary: fc.constant('pm_unknown') }), encrypted_cvv: cipher(pool.cvvs) }, { requiredKeys: ['payment_method_id'] }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant('network-token'),
        data: fc
          .tuple(
            cardData(pool, { number: 'encrypted_token_number', cvv: false }),
            someOf({ encrypted_cryptogram: cipher(pool.cvvs), eci: fc.constantFrom('00', '01', '02', '05', '06', '07'), source: fc.constantFrom('wallet-b', 'wallet-a', 'network-token') }),
          )
          .map(([card, extra]) => ({ ...card, ...extra })),
      }),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('wallet-a'), data: fc.record({ google_pay_token: walletTokens }) }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('wallet-a-redirect', 'wallet-b-redirect', 'bank-network-redirect', 'openbanking-redirect'), data: fc.constant({}) }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('provider-x-local'), data: shopper }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constantFrom(...PROVIDER_Y_CODES.map((c) => `provider-y-redirect-${c}`), 'provider-y-redirect-zzz'), data: shopper }) },
  );
}

const notificationUrls = fc.oneof(
  fc.constantFrom('https://merchant.example/3ds', 'http://merchant.example/3ds', 'https://', 'https://x', `https://m.example/${'a'.repeat(238)}`, `https://m.example/${'a'.repeat(239)}`),
  hugeString({ minLength: 200, maxLength: 300 }).map((s) => `https://${s}`),
);

export function directAuthorizeBody(pool: CipherPool, savedCardIds: string[]): fc.Arbitrary<unknown> {
  const common = {
    reference: references('az'),
    terminal_id: terminalIds,
    description: text(255),
    amount: amounts,
    payment_method: paymentMethod(pool, savedCardIds),
    return_url: urls,
  };
  const optional = {
    browser_info: browserInfo,
    metadata,
    error_url: urls,
    cancel_url: urls,
    customer_ip: ips,
    originator_url: fc.oneof(urls, fc.constant('')),
    tokenization: someOf({ save_card_for_future_payments: fc.boolean(), tokenize_for: fc.constantFrom('CUSTOMER_INITIATED_TRANSACTION', 'MERCHANT_INITIATED_TRANSACTION') }),
    options: fc.oneof({ weight: 1, arbitrary: fc.record({ three_ds: fc.record({ notification_url: notificationUrls }) }) }, { weight: 3, arbitrary: fc.constant({}) }),
  };
  const required = ['reference', 'terminal_id', 'description', 'currency', 'amount', 'transaction_type', 'payment_method', 'return_url', 'customer'] as const;
  const withoutCustomer = required.filter((key) => key !== 'customer');
  return orJunkBody(
    fc.oneof(
      fc.record(
        { ...common, ...optional, currency: currencies, transaction_type: fc.constantFrom('PURCHASE', 'AUTHORIZE'), customer: customerBody },
        { requiredKeys: withoutCustomer },
      ),
      // OCT and card PAYOUT: every customer field required.
      fc.record({ ...common, ...optional, currency: currencies, transaction_type: fc.constantFrom('OCT', 'PAYOUT'), customer: fullCustomer }, { requiredKeys: [...required] }),
      // Redirect and local methods want PLN, PURCHASE and the extra URLs.
      fc.record(
        { ...common, ...optional, currency: fc.constant('PLN'), transaction_type: fc.constant('PURCHASE'), customer: customerBody, error_url: urls, cancel_url: urls },
        { requiredKeys: [...withoutCustomer, 'error_url' as const, 'cancel_url' as const] },
      ),
    ),
  );
}

export function sessionAuthorizeBody(pool: CipherPool, savedCardIds: string[], sessionId: string, options: { cvv: boolean }): fc.Arbitrary<unknown> {
  return orJunkBody(
    fc.record(
      {
        session_id: fc.constant(sessionId),
        payment_method: paymentMethod(pool, savedCardIds, options),
        customer: customerBody,
        browser_info: browserInfo,
        tokenization: fc.record({ save_card_for_future_payments: fc.boolean() }),
        instalments: fc.integer({ min: 1, max: 48 }),
        // Not accepted from a browser: must change nothing.
        metadata: fc.constant({ response_code: 'TRX_STATUS_DECLINED', simulated_flow: 'VERSIONING_FINGERPRINT_N_FRICTIONLESS' }),
      },
      { requiredKeys: ['session_id', 'payment_method'] },
    ),
  );
}

export const sessionBody = orJunkBody(
  fc.record(
    {
      terminal_id: terminalIds,
      reference: references('se'),
      description: text(255),
      currency: currencies,
      amount: amounts,
      transaction_type: fc.constantFrom('AUTHORIZE', 'PURCHASE'),
      return_url: urls,
      customer: customerBody,
      country: countries,
      originator_url: fc.oneof(urls, fc.constant('')),
      metadata,
    },
    { requiredKeys: ['terminal_id', 'reference', 'description', 'currency', 'amount', 'transaction_type', 'return_url'] },
  ),
);

/** The spec's names in any case, the locale tags and codes we accept, and others. */
export const HPP_LANGUAGE_VALUES = ['English', 'Bosanski', 'Romana', 'Svenska', 'english', 'ROMANA', 'română', 'en', 'sv', 'bs-BA', 'en-US', 'Deutsch'];

export const hostedPageBody = orJunkBody(
  fc.record(
    {
      reference: references('hp'),
      terminal_id: terminalIds,
      description: text(100),
      amount: amounts,
      currency: currencies,
      transaction_type: fc.constantFrom('PURCHASE', 'AUTHORIZE'),
      success_url: urls,
      cancel_url: urls,
      error_url: urls,
      language: enumLike(HPP_LANGUAGE_VALUES),
      options: someOf({
        number_of_instalments: fc.oneof(fc.integer({ min: 1, max: 48 }), fc.constantFrom('3', '48'), fc.uniqueArray(fc.integer({ min: 1, max: 48 }), { minLength: 1, maxLength: 6 })),
        skip_three_ds: fc.constantFrom(true, false, 'true', 'false'),
        cvv_less: fc.constantFrom(true, false, 'true', 'false'),
      }),
      customer_id: fc.oneof({ weight: 1, arbitrary: fc.constant('cus_unknown') }, { weight: 3, arbitrary: fc.constant(undefined) }),
      customer: customerBody,
      originator_url: urls,
      metadata,
    },
    { requiredKeys: ['reference', 'terminal_id', 'description', 'amount', 'currency', 'transaction_type', 'success_url', 'cancel_url', 'error_url'] },
  ),
);

export const paymentBody = orJunkBody(
  fc.record(
    {
      terminal_id: terminalIds,
      reference: references('pa'),
      description: text(100),
      currency: currencies,
      amount: amounts,
      method: fc.constantFrom('OPEN_BANKING', 'UPI', 'WALLETS', 'BANK_TRANSFER', 'QR_CODE'),
      country: countries,
      customer_ip: ips,
      return_url: urls,
      error_url: urls,
      cancel_url: urls,
      customer: customerBody,
      metadata,
      options: fc.jsonValue({ maxDepth: 2 }).map((v) => ({ provider: v })),
      originator_url: urls,
    },
    { requiredKeys: ['terminal_id', 'reference', 'description', 'currency', 'amount', 'method', 'country', 'customer_ip', 'return_url', 'error_url', 'cancel_url'] },
  ),
);

export const payoutBody = orJunkBody(
  fc.record(
    {
      terminal_id: terminalIds,
      reference: references('po'),
      description: text(100),
      currency: currencies,
      amount: amounts,
      beneficiary: fc.oneof(
        fc.record({
          type: fc.constant('bank_account'),
          data: fc.record({ account_number: fc.constantFrom('1234567890', '12'), account_name: text(255), ifsc: fc.constant('HDFC0001234'), bank_name: text(255) }, { requiredKeys: ['account_number', 'account_name', 'ifsc'] }),
        }),
        fc.record({ type: fc.constant('mobile_money'), data: fc.record({ account_name: text(255), mobile: phones, ifsc: fc.constant('HDFC0001234') }) }),
      ),
      customer: customerBody,
      metadata,
      return_url: urls,
      options: fc.constant({ priority: 'high' }),
      customer_ip: fc.oneof(ips, fc.constant(null)),
    },
    { requiredKeys: ['terminal_id', 'reference', 'description', 'currency', 'amount', 'beneficiary'] },
  ),
);

export function manageBody(references: string[], parentIds: string[]): fc.Arbitrary<unknown> {
  return orJunkBody(
    fc.record(
      {
        terminal_id: fc.constant('TERM00001'),
        transaction_type: fc.constantFrom('CAPTURE', 'REFUND', 'VOID'),
        reference: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...references) }, { weight: 1, arbitrary: fc.constant('unknown-ref') }),
        amount: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 1000 }) }, { weight: 1, arbitrary: amounts }),
        currency: fc.oneof({ weight: 8, arbitrary: fc.constant('EUR') }, { weight: 1, arbitrary: fc.constant('PLN') }),
        parent_transaction_id: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...parentIds) }, { weight: 1, arbitrary: fc.constant('tx_unknown') }),
        metadata: fc.dictionary(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 8 }), { maxKeys: 4 }),
        options: fc.record({ final_capture: fc.boolean() }),
      },
      { requiredKeys: ['terminal_id', 'transaction_type', 'reference', 'amount', 'currency'] },
    ),
  );
}

export const customerApiBody = orJunkBody(
  fc.record(
    {
      email: emails,
      first_name: fc.oneof(text(255), fc.constant(null)),
      last_name: fc.oneof(text(255), fc.constant(null)),
      phone: fc.oneof(phones, fc.constant(null)),
      description: text(255),
      type: fc.constantFrom('individual', 'company'),
      address: fc.oneof(fc.constant(null), someOf({ country: countries, address: text(255), city: text(255), postal_code: text(255), region: text(255) })),
    },
    { requiredKeys: ['email'] },
  ),
);
