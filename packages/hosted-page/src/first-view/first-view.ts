/**
 * The first view: the checkout as the page's script would draw it first, as HTML, for the
 * gateway to serve in the document itself (GET /hpp/{id}): the card field is there, laid out
 * and usable while the document is parsed, before any script has loaded. The script then
 * takes it over (take-over.ts): what was typed, the focus and the caret move into the page's
 * own form.
 *
 * Drawn by the page's own templates (views/page-view.ts, <ef-card-form>'s render) through
 * serialize.ts, in the session's language, with the session's amount, merchant and options,
 * the first option open. Built for Node into dist/first-view.js (the gateway imports it from
 * the build it serves, so the markup always matches that build's script and stylesheet).
 *
 * What differs from the script's drawing, on purpose: the card inputs have no `name` and the
 * card form is `method="dialog"`, so nothing can be submitted natively before the script runs.
 */
import { isLocaleTag, provideMessages, type LocaleTag } from '@payments/core';
import { CardForm, FIRST_VIEW_ATTRIBUTE, loadCardRules, serialize, TrustedMarkup } from '@payments/embedded-fields/secure';
import { createCardForm } from '../card-forms';
import { FIRST_VIEW_ID, firstViewScript } from '../take-over';
import { exitHref, instalmentChoices, paymentOptions, type PaymentOption, type SavedCardSummary, type SessionView } from '../checkout-model';
import { providePageTexts, type PageTexts } from '../texts';
import { PAGE_TEXTS } from '../texts/all';
import { rule } from './session-document';
import type { CheckoutModel } from '../views/checkout-view';
import { checkoutContent, merchantView, pageTitle, pageView } from '../views/page-view';

// Drawn in one go, in Node: a saved card's description needs the card rules as it is drawn
// (in the browser a chunk of their own; bundled into this file, they load at once).
await loadCardRules();

export interface FirstViewInput {
  sessionId: string;
  /** The session view, exactly as GET /api/sessions/{id} answers the page (the document's data block). */
  session: SessionView;
  savedCards: readonly SavedCardSummary[];
  /** The page's language (core's hostedPageLocale of the session). */
  locale: LocaleTag;
  /** core's catalog of that language, as the document carries it. */
  catalog: unknown;
  /** The gateway's origin as the browser sees it (the logo is shown only from there). */
  origin: string;
}

export interface FirstView {
  /** `<div class="first-view" id="hpp-first-view">…</div>`, for the document's body. */
  markup: string;
  /**
   * CSS for the document's head: custom properties the page's card form sets on its element
   * (none today: its look comes from the stylesheet), '' when none. The merchant's colours
   * are `themeCss`'s, for every document of the session, first view or not.
   */
  css: string;
  /** The document's title, as the script sets it. */
  title: string;
  /** The page's own texts in `locale`, for the document's data block (texts.ts). */
  texts: PageTexts;
}

/** The gateway writes the page's language's texts into the document (hpp-texts), and loads this module for the first view anyway. */
export { FIRST_VIEW_ID, firstViewScript, PAGE_TEXTS };
/** …and the rest of a session's document: its colours, its data block, its texts and catalog (session-document.ts). */
export { documentSession, documentTexts, themeCss, unusedCatalogSections } from './session-document';
export { NOSCRIPT_TEXTS } from '../texts/noscript';

/** The first view of an open checkout, or undefined when the page would show something else first. */
export function renderFirstView(input: FirstViewInput): FirstView | undefined {
  const { session, locale } = input;
  if (!isLocaleTag(locale) || session.kind !== 'HPP' || !session.hpp || session.status !== 'CREATED') return undefined;
  if (!provideMessages(locale, input.catalog)) return undefined;
  const texts = PAGE_TEXTS[locale];
  providePageTexts(locale, texts);
  const options = paymentOptions(session, [...input.savedCards]);
  const selected = options[0];
  if (!selected) return undefined;

  const cardStyles: [string, string][] = [];
  const choices = instalmentChoices(session);
  const customer = session.customer;
  const model: CheckoutModel = {
    session,
    locale,
    options,
    selected: selected.id,
    busy: null,
    banner: null,
    instalmentChoices: choices,
    instalments: choices.includes(1) ? 1 : (choices[0] ?? 1),
    contact: { email: customer?.email ?? '', first_name: customer?.first_name ?? '', last_name: customer?.last_name ?? '' },
    contactErrors: {},
    // The template places the form's markup where the script places the element.
    formFor: (option) => cardFormMarkup(option, session, locale, cardStyles) as unknown as HTMLElement | null,
    cancelHref: exitHref(input.sessionId, 'cancel'),
  };
  const ignore = () => undefined;
  const page = pageView({
    merchant: merchantView(session, input.origin),
    locale,
    onLocale: ignore,
    busy: false,
    checkout: true,
    labelledBy: 'hpp-summary-title',
    content: checkoutContent(model, { select: ignore, pay: ignore, contactInput: ignore, instalments: ignore }),
  });
  return {
    markup: `<div class="first-view" id="${FIRST_VIEW_ID}">${serialize(page)}</div>`,
    css: cardStyles.length > 0 ? rule(`#${FIRST_VIEW_ID} ef-card-form`, cardStyles) : '',
    title: pageTitle(texts, session.merchant.name, undefined),
    texts,
  };
}

/**
 * The card form of a card option as <ef-card-form> draws it, from the element itself: made
 * here in Node, where it is a plain object (embedded-fields' frame-element.ts), configured by
 * the page's own createCardForm, and drawn by its render(). createCardForm writes the
 * page's card styles on the element (`style`) and the element reports its state
 * (`dispatchEvent`): here both are recorded or ignored. Null for an option without a form, as the page's formFor.
 */
function cardFormMarkup(option: PaymentOption, session: SessionView, locale: LocaleTag, styles: [string, string][]): TrustedMarkup | null {
  const cvvLess = session.hpp?.options.cvv_less === true;
  if (option.kind === 'redirect' || (option.kind === 'saved-card' && cvvLess)) return null;
  const element = Object.assign(new CardForm(), {
    style: { setProperty: (name: string, value: string) => void styles.push([name, value]), removeProperty: () => '' },
    dispatchEvent: () => true,
  });
  const form = createCardForm(option, session, locale, element);
  const drawn = serialize((form as unknown as { render(): Parameters<typeof serialize>[0] }).render(), { omitBound: (name) => name === 'name' });
  if (!/^<form\s/.test(drawn)) throw new Error('first view: the card form no longer starts with its <form>');
  return new TrustedMarkup(`<ef-card-form ${FIRST_VIEW_ATTRIBUTE}><form method="dialog"${drawn.slice('<form'.length)}</ef-card-form>`);
}
