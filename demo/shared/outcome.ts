/**
 * What the shop tells a shopper about a payment: a title, sentences with the order number and
 * what to do next, in the shopper's language. One description for the checkout page's result
 * panel and the server-rendered return pages. Processing codes, transaction ids and status
 * words decide the sentence but are never part of it (they belong in the developer details).
 */
import { formatAmount, formatMessage, isBankPayment, type LocaleTag } from '@payments/core';
import type { OrderStatus } from './api-types';
import { dayCounts, shopTexts, type ShopTexts } from './i18n';

export type OutcomeTone = 'approved' | 'pending' | 'declined' | 'canceled' | 'unknown';

export interface ShopperOutcome {
  tone: OutcomeTone;
  title: string;
  /** What happened, with the order number, then what to do next. */
  lines: string[];
}

/** The shopper's reason for a processing code (spec: Errors, processing codes); none for the rest. */
const DECLINE_REASONS: Readonly<Record<string, keyof ShopTexts['outcome']>> = {
  '1000': 'declinedBank',
  '1001': 'declinedFailed',
  '1003': 'declinedCanceled',
  '1004': 'declinedFunds',
  '1005': 'declinedExpired',
};

/** The outcome of a payment whose status the shop's backend checked with the gateway. */
export function describeOutcome(locale: LocaleTag, order: OrderStatus | null): ShopperOutcome {
  const text = shopTexts(locale).outcome;
  if (!order?.found) return { tone: 'unknown', title: text.unknownTitle, lines: [text.unknownLine] };
  const params = {
    order: order.reference ?? '',
    amount: order.amount !== null && order.currency ? formatAmount(order.amount, order.currency, locale) : '',
    ...dayCounts(locale),
  };
  if (order.approved && order.status === 'APPROVED') {
    return { tone: 'approved', title: text.approvedTitle, lines: [formatMessage(text.approvedLine, params)] };
  }
  // A bank redirect stays PENDING until the bank reports, also when the shopper left the
  // bank's page (the spec never cancels it): say what happens either way.
  if (order.status === 'PENDING' && isBankPayment(order.paymentMethodType)) {
    return { tone: 'pending', title: text.bankPendingTitle, lines: [formatMessage(text.bankPendingLine, params)] };
  }
  if (order.status === 'PENDING' || order.status === 'CREATED') {
    return { tone: 'pending', title: text.pendingTitle, lines: [formatMessage(text.pendingLine, params)] };
  }
  // Canceled (the shopper abandoned a wallet or BLIK at the provider, or left the hosted page): said as such.
  if (order.status === 'CANCELED') return canceledOutcome(locale, params.order || null);
  return notPaidOutcome(locale, params.order, order.processingCode);
}

/** Not paid: the reason when the processing code has one, and what to do next. */
export function notPaidOutcome(locale: LocaleTag, reference: string, processingCode: string | null = null): ShopperOutcome {
  const text = shopTexts(locale).outcome;
  const reason = processingCode ? DECLINE_REASONS[processingCode] : undefined;
  return {
    tone: 'declined',
    title: text.declinedTitle,
    lines: [...(reason ? [text[reason]] : []), formatMessage(text.declinedNext, { order: reference })],
  };
}

/** The browser says approved but the backend could not confirm it yet. */
export function unconfirmedOutcome(locale: LocaleTag, reference: string): ShopperOutcome {
  const text = shopTexts(locale).outcome;
  return { tone: 'pending', title: text.unconfirmedTitle, lines: [formatMessage(text.unconfirmedLine, { order: reference })] };
}

/** The shopper left the hosted page with Cancel (no payment, or one that was not approved). */
export function canceledOutcome(locale: LocaleTag, reference: string | null): ShopperOutcome {
  const text = shopTexts(locale).outcome;
  return {
    tone: 'canceled',
    title: text.canceledTitle,
    lines: [reference ? formatMessage(text.canceledLine, { order: reference }) : text.canceledNoOrder],
  };
}

/** The gateway did not answer the status check. */
export function checkingOutcome(locale: LocaleTag): ShopperOutcome {
  const text = shopTexts(locale).outcome;
  return { tone: 'pending', title: text.checkingTitle, lines: [text.checkingLine] };
}

/** The hosted page could not be opened (the gateway did not create it). */
export function startFailedOutcome(locale: LocaleTag): ShopperOutcome {
  const text = shopTexts(locale).outcome;
  return { tone: 'unknown', title: text.startFailedTitle, lines: [text.startFailedLine] };
}
