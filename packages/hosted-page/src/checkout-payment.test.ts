/**
 * The hosted page's payment flow through the secure face's one pipeline, against a fake
 * gateway client: what the page shows next for an approval, a decline, a full-page step, an
 * expired session, a terminal that cannot take payments, a failed call, and a card field
 * that is not valid (nothing sent).
 */
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { LOCALES, PROCESSING_CODES, loadMessages, type ExecutionResponse, type ThreeDsAdapter, type Transaction } from '@payments/core';
import { GatewayCallError, type GatewayApi } from '@payments/embedded-fields/secure';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { payByCard, payByRedirect, type PaymentDeps } from './checkout-payment';
import { loadPageTexts } from './texts';

// The browser code reads loaded catalogs (one per locale, loaded on demand); these tests speak all four.
beforeAll(() => Promise.all(LOCALES.flatMap((locale) => [loadMessages(locale), loadPageTexts(locale)])));

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KEY = { key_id: 'k1', algorithm: 'RSA-OAEP-256' as const, public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
const decrypt = (cipher: string) =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(cipher, 'base64')).toString();

const transaction = (status: Transaction['status']): Transaction =>
  ({ id: 'trx-1', reference: 'r1', status, approved: status === 'APPROVED', processing_code: status === 'APPROVED' ? '0000' : '1000' }) as unknown as Transaction;
const result = (status: Transaction['status']): ExecutionResponse => ({ result: transaction(status), action: null, redirect: null, form_submit: null });
const refused = (code: string) => new GatewayCallError(422, { errors: [], method: 'POST /api/transactions/authorize', status: 422, code });

const CARD = { number: '4000000000000002', expiryMonth: '12', expiryYear: '2030', cvv: '123' };
const validForm = { validateAll: () => ({ valid: true }), readCardData: () => CARD };

function deps(answer: (path: string, body: Record<string, unknown>) => Promise<ExecutionResponse>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const api: GatewayApi = {
    encryptionKey: () => Promise.resolve(KEY),
    get: () => Promise.reject(new Error('not used')),
    post: (path, body) => {
      calls.push({ path, body: body as Record<string, unknown> });
      return answer(path, body as Record<string, unknown>);
    },
  };
  const adapter: ThreeDsAdapter = {
    post: (path, body) => api.post(path, body),
    runFingerprint: () => Promise.resolve(true),
    showChallenge: () => Promise.resolve({ kind: 'closed' }),
    closeChallenge: () => undefined,
    redirect: vi.fn(),
    formSubmit: vi.fn(),
  };
  const d: PaymentDeps = { api, sessionId: 'session-1', adapter };
  return { deps: d, calls, adapter };
}

beforeEach(() => {
  vi.stubGlobal('location', { protocol: 'https:' });
  vi.stubGlobal('navigator', { language: 'en-US', userAgent: 'vitest', javaEnabled: () => false });
  vi.stubGlobal('screen', { width: 1280, height: 720, colorDepth: 24 });
});
afterEach(() => vi.unstubAllGlobals());

describe('paying by card on the hosted page', () => {
  it('authorizes the encrypted card with the session and shows the approval', async () => {
    const { deps: d, calls } = deps(() => Promise.resolve(result('APPROVED')));
    const outcome = await payByCard(d, { kind: 'card', form: validForm, cvvLess: false }, 3);
    expect(outcome).toEqual({ kind: 'done', transaction: transaction('APPROVED') });
    expect(calls).toHaveLength(1);
    const { path, body } = calls[0]!;
    expect(path).toBe('/api/transactions/authorize');
    expect(body).toMatchObject({ session_id: 'session-1', instalments: 3, payment_method: { type: 'card' } });
    const data = (body.payment_method as { data: Record<string, string> }).data;
    expect(decrypt(data.encrypted_card_number!)).toBe(CARD.number);
    expect(decrypt(data.encrypted_cvv!)).toBe('123');
    expect(JSON.stringify(body)).not.toContain(CARD.number);
  });

  it('sends a co-badged card\'s chosen network in plain beside the encrypted card', async () => {
    const { deps: d, calls } = deps(() => Promise.resolve(result('APPROVED')));
    const coBadged = { validateAll: () => ({ valid: true }), readCardData: () => ({ ...CARD, number: '4000002500001001', network: 'CARTES_BANCAIRES' }) };
    await payByCard(d, { kind: 'card', form: coBadged, cvvLess: false }, undefined);
    await payByCard(d, { kind: 'card', form: validForm, cvvLess: false }, undefined);
    expect((calls[0]!.body.payment_method as { data: Record<string, string> }).data.brand).toBe('CARTES_BANCAIRES');
    expect(Object.keys((calls[1]!.body.payment_method as { data: object }).data)).not.toContain('brand');
  });

  it('sends no CVV for a cvv_less session, and a saved card by its id', async () => {
    const { deps: d, calls } = deps(() => Promise.resolve(result('APPROVED')));
    await payByCard(d, { kind: 'card', form: validForm, cvvLess: true }, undefined);
    await payByCard(d, { kind: 'saved-card', paymentMethodId: 'pm_1', form: null }, undefined);
    expect(Object.keys((calls[0]!.body.payment_method as { data: object }).data)).not.toContain('encrypted_cvv');
    expect(calls[1]!.body.payment_method).toEqual({ type: 'saved_card', data: { payment_method_id: 'pm_1' } });
  });

  it('sends nothing when a field is not valid', async () => {
    const { deps: d, calls } = deps(() => Promise.resolve(result('APPROVED')));
    const invalid = { validateAll: () => ({ valid: false }), readCardData: () => undefined };
    expect(await payByCard(d, { kind: 'card', form: invalid, cvvLess: false }, undefined)).toEqual({ kind: 'invalid' });
    expect(calls).toEqual([]);
  });

  it('a decline is a result the page shows, not an error', async () => {
    const { deps: d } = deps(() => Promise.resolve(result('DECLINED')));
    expect(await payByCard(d, { kind: 'card', form: validForm, cvvLess: false }, undefined)).toEqual({ kind: 'done', transaction: transaction('DECLINED') });
  });

  it('an expired session has a page of its own; a closed terminal and a failed call a message in any language', async () => {
    const expired = deps(() => Promise.reject(refused(PROCESSING_CODES.SESSION_EXPIRED)));
    expect(await payByCard(expired.deps, { kind: 'card', form: validForm, cvvLess: false }, undefined)).toEqual({ kind: 'expired' });

    const closed = await payByCard(deps(() => Promise.reject(refused(PROCESSING_CODES.TERMINAL_INACTIVE))).deps, { kind: 'card', form: validForm, cvvLess: false }, undefined);
    expect(closed.kind === 'error' && closed.message('en-US')).toBe('This shop cannot take payments right now. No money was taken.');

    const down = await payByCard(deps(() => Promise.reject(new TypeError('Failed to fetch'))).deps, { kind: 'card', form: validForm, cvvLess: false }, undefined);
    expect(down.kind === 'error' && down.message('en-US')).toBe("The payment service didn't answer. Please try again: you won't be charged twice.");
    expect(down.kind === 'error' && down.message('sv-SE')).toBe('Betaltjänsten svarade inte. Försök igen: du debiteras inte två gånger.');
  });
});

describe('paying by a redirect method on the hosted page', () => {
  it('authorizes with the method and its data, then leaves for the provider', async () => {
    const redirect: ExecutionResponse = { result: null, action: null, redirect: { transaction_id: 'trx-1', session_id: 's', url: 'https://provider.example/pay' }, form_submit: null };
    const { deps: d, calls, adapter } = deps(() => Promise.resolve(redirect));
    expect(await payByRedirect(d, 'wallet-a-redirect', { email: 'a@example.com' })).toEqual({ kind: 'left-page' });
    expect(calls[0]!.body).toEqual({ session_id: 'session-1', payment_method: { type: 'wallet-a-redirect', data: { email: 'a@example.com' } } });
    expect(adapter.redirect).toHaveBeenCalledWith('https://provider.example/pay');
  });
});
