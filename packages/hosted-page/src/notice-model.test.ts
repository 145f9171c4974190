/** The screens that are not the checkout, as the shopper reads them: titles, links and actions. */
import { LOCALES, loadMessages, type Transaction } from '@payments/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionView } from './checkout-model';
import { noticeModel, returnsByItself, type NoticeContext } from './notice-model';
import { loadPageTexts, pageTexts } from './texts';

// The browser code reads loaded catalogs (one per locale, loaded on demand); these tests speak all four.
beforeAll(() => Promise.all(LOCALES.flatMap((locale) => [loadMessages(locale), loadPageTexts(locale)])));

const session = {
  id: 's1',
  reference: 'r1',
  currency: 'EUR',
  amount: 4999,
  transaction_type: 'PURCHASE',
  status: 'CREATED',
  merchant: { name: 'Northwind Outfitters' },
} as unknown as SessionView;

function context(overrides: Partial<NoticeContext> = {}): NoticeContext {
  return { locale: 'en-US', session, options: [], returnHref: '/hpp/s1/return', reload: vi.fn(), checkAgain: vi.fn(), ...overrides };
}

const paid = { id: 'trx-9', amount: 4999, currency: 'EUR', status: 'APPROVED', payment_method: { type: 'card' } } as unknown as Transaction;

describe('noticeModel', () => {
  it('is null on the checkout and while loading', () => {
    expect(noticeModel({ kind: 'checkout' }, context())).toBeNull();
    expect(noticeModel({ kind: 'loading' }, context())).toBeNull();
  });

  it('an approval: success, the order number (never the transaction id), one link back to the merchant', () => {
    const model = noticeModel({ kind: 'result', outcome: 'approved', transaction: paid }, context())!;
    expect(model).toMatchObject({ tone: 'success', title: 'Payment successful', action: { kind: 'link', href: '/hpp/s1/return' } });
    expect(model.details).toEqual([{ label: 'Order number', value: 'r1' }]);
    expect(model.action?.label).toContain('Northwind Outfitters');
  });

  it('a pending payment says so, in the chosen language', () => {
    expect(noticeModel({ kind: 'result', outcome: 'pending', transaction: paid }, context())!.title).toBe('Payment being confirmed');
    const swedish = noticeModel({ kind: 'result', outcome: 'pending', transaction: paid }, context({ locale: 'sv-SE' }))!;
    expect(swedish.title).not.toBe('Payment being confirmed');
  });

  it('pending at the bank (the shopper may have left its page): the bank has not confirmed it yet, what happens either way', () => {
    const atBank = { ...paid, status: 'PENDING', payment_method: { type: 'bank-network-redirect' } } as unknown as Transaction;
    for (const locale of LOCALES) {
      const model = noticeModel({ kind: 'result', outcome: 'pending', transaction: atBank }, context({ locale }))!;
      expect(model.body).toBe(pageTexts(locale).pendingBankBody.replace('{merchant}', 'Northwind Outfitters'));
      expect(model.body).not.toBe(noticeModel({ kind: 'result', outcome: 'pending', transaction: paid }, context({ locale }))!.body);
    }
    expect(noticeModel({ kind: 'result', outcome: 'pending', transaction: atBank }, context())!.body).toBe(
      'Your bank has not confirmed the payment yet. If you approved it there, Northwind Outfitters will let you know once your bank confirms it. If you did not, no money is taken.',
    );
  });

  it('unavailable offers Try again (a reload); unconfirmed offers Check again for that transaction', () => {
    const reload = vi.fn();
    const checkAgain = vi.fn();
    const unavailable = noticeModel({ kind: 'notice', notice: 'unavailable' }, context({ reload }))!;
    expect(unavailable.tone).toBe('error');
    if (unavailable.action?.kind === 'button') unavailable.action.run();
    expect(reload).toHaveBeenCalledOnce();
    const unconfirmed = noticeModel({ kind: 'notice', notice: 'unconfirmed', transactionId: 'trx-5' }, context({ checkAgain }))!;
    if (unconfirmed.action?.kind === 'button') unconfirmed.action.run();
    expect(checkAgain).toHaveBeenCalledWith('trx-5');
  });

  it('an invalid session has no way back to a merchant it cannot name', () => {
    expect(noticeModel({ kind: 'notice', notice: 'invalid' }, context({ session: null }))!.action).toBeUndefined();
  });

  it('after a payment the page says it returns to the merchant by itself, in the shopper\'s language; other notices do not', () => {
    const result = { kind: 'result', outcome: 'approved', transaction: paid } as const;
    expect(returnsByItself(result)).toBe(true);
    expect(noticeModel(result, context())!.note).toBe('We will take you back to Northwind Outfitters in a few seconds.');
    expect(noticeModel(result, context({ locale: 'ro-RO' }))!.note).toBe('În câteva secunde vă vom duce înapoi la Northwind Outfitters.');
    for (const notice of ['completed', 'expired', 'unavailable'] as const) {
      expect(returnsByItself({ kind: 'notice', notice })).toBe(false);
      expect(noticeModel({ kind: 'notice', notice }, context())!.note).toBeUndefined();
    }
  });
});
