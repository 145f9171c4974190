/**
 * What the page shows when it is not the checkout: the result of a payment (approved,
 * authorized, pending) and the notices (expired, completed, invalid, unavailable,
 * unconfirmed), as NoticeModels for views/notice-view.ts. Pure: unit-tested.
 */
import { formatMessage, isBankPayment, loadedMessages, type LocaleTag, type Transaction } from '@payments/core';
import { formatPageAmount } from './amount-format';
import type { PaymentOption, SessionView } from './checkout-model';
import { pageTexts } from './texts';
import { optionName } from './views/checkout-view';
import type { NoticeModel } from './views/notice-view';

export type Screen =
  | { kind: 'loading' }
  | { kind: 'notice'; notice: 'invalid' | 'unavailable' | 'expired' | 'completed' }
  /** Back from the bank or a provider, and the gateway did not say how it ended. */
  | { kind: 'notice'; notice: 'unconfirmed'; transactionId: string }
  | { kind: 'result'; outcome: 'approved' | 'pending'; transaction: Transaction }
  | { kind: 'checkout' };

export interface NoticeContext {
  locale: LocaleTag;
  session: SessionView | null;
  options: readonly PaymentOption[];
  /** The link back to the merchant (the gateway turns it into success_url and the like). */
  returnHref: string;
  reload(): void;
  checkAgain(transactionId: string): void;
}

/**
 * After a payment's outcome the page takes the shopper back to the merchant by itself (spec:
 * "After payment the customer returns to one of the three URLs"), after this long on the
 * result, which says so and keeps its link for a shopper who does not want to wait.
 */
export const AUTO_RETURN_MS = 6000;

/** True on the screens the page leaves by itself: the result of the payment just made. */
export function returnsByItself(screen: Screen): boolean {
  return screen.kind === 'result';
}

/** The notice or result screen's content, or null on the checkout. */
export function noticeModel(screen: Screen, context: NoticeContext): NoticeModel | null {
const { locale, session } = context;
const text = pageTexts(locale);
  const merchant = session?.merchant.name ?? '';
  const back = (label: string): NoticeModel['action'] => ({ kind: 'link', href: context.returnHref, label: formatMessage(label, { merchant }) });
  if (screen.kind === 'result' && session) {
    const amount = formatPageAmount(screen.transaction.amount, screen.transaction.currency, locale);
    const authorized = session.transaction_type === 'AUTHORIZE';
    const note = formatMessage(text.returningSoon, { merchant });
    const details = [
      { label: text.orderReference, value: session.reference },
      ...(screen.transaction.payment_method?.type && screen.transaction.payment_method.type !== 'card' && screen.transaction.payment_method.type !== 'saved_card'
        ? [{ label: loadedMessages(locale).alternativeMethods.legend, value: redirectName(context.options, screen.transaction.payment_method.type, locale) }]
        : []),
    ];
    if (screen.outcome === 'pending') {
      // At the bank it stays pending until the bank reports, also when the shopper left its page.
      const body = isBankPayment(screen.transaction.payment_method?.type) ? text.pendingBankBody : text.pendingBody;
      return { tone: 'pending', title: text.pendingTitle, body: formatMessage(body, { merchant }), note, details, action: back(text.continueToMerchant) };
    }
    return {
      tone: 'success',
      title: authorized ? text.authorizedTitle : text.approvedTitle,
      body: formatMessage(authorized ? text.authorizedBody : text.approvedBody, { amount, merchant }),
      note,
      details,
      action: back(text.continueToMerchant),
    };
  }
  if (screen.kind !== 'notice') return null;
  switch (screen.notice) {
    case 'expired':
      return { tone: 'info', title: text.expiredTitle, body: formatMessage(text.expiredBody, { merchant }), action: back(text.returnToMerchant) };
    case 'completed':
      return { tone: 'success', title: text.completedTitle, body: text.completedBody, action: back(text.continueToMerchant) };
    case 'invalid':
      return { tone: 'error', title: text.invalidTitle, body: text.invalidBody };
    case 'unavailable':
      return {
        tone: 'error',
        title: text.unavailableTitle,
        body: text.unavailableBody,
        action: { kind: 'button', label: loadedMessages(locale).hostedPage.tryAgain, run: context.reload },
      };
    case 'unconfirmed': {
      const { transactionId } = screen;
      return {
        tone: 'pending',
        title: text.unconfirmedTitle,
        body: text.unconfirmedBody,
        ...(session ? { details: [{ label: text.orderReference, value: session.reference }] } : {}),
        action: { kind: 'button', label: text.checkAgain, run: () => context.checkAgain(transactionId) },
      };
    }
  }
}

function redirectName(options: readonly PaymentOption[], type: string, locale: LocaleTag): string {
  const option = options.find((o) => o.kind === 'redirect' && o.type === type);
  return option ? optionName(option, loadedMessages(locale), pageTexts(locale)) : type;
}
