/**
 * The shopper's page after a payment (demo/public/return.html): a title, what happened with
 * the order number and what to do next, and one way back to the shop, in the shopper's
 * language. Nothing else: the status, processing code and transaction id stay on the server.
 */
import type { LocaleTag } from '@payments/core';
import { pageTexts, shopTexts, withLang } from '../shared/i18n';
import type { ShopperOutcome } from '../shared/outcome';
import { localizeTemplate, renderTemplate } from './html';

export function renderOutcomePage(template: string, locale: LocaleTag, outcome: ShopperOutcome): string {
  const text = shopTexts(locale).outcome;
  return renderTemplate(localizeTemplate(template, pageTexts(locale)), {
    lang: locale,
    tone: outcome.tone,
    title: outcome.title,
    detail: outcome.lines.join(' '),
    // Approved: back to the shop; anything else: back to the basket to try again.
    action: outcome.tone === 'approved' ? text.continueShopping : text.backToBasket,
    shopHref: withLang('/', locale),
  });
}
