/**
 * The hosted page's own texts, per locale: what only a full checkout page says (its
 * headings, outcome and notice pages). Field labels, card errors, 3-D Secure errors, saved
 * card and alternative method texts come from the shared catalogs (`loadedMessages(locale)` in
 * @payments/core), so the page and the card component speak alike. `{name}` marks a
 * parameter for `formatMessage`.
 *
 * Each language is a module of its own (texts/<locale>.ts): the page's script carries none of
 * them. The gateway writes the page's language into the document (`<script type=
 * "application/json" id="hpp-texts" data-locale="…">`, a data block, never run), which
 * `takeDocumentTexts` hands over, so the page draws without a request; another language loads
 * as a chunk when the shopper picks it (`loadPageTexts`).
 */
import { isLocaleTag, loadMessages, type LocaleTag } from '@payments/core';

export interface PageTexts {
  /** The page's purpose, after the merchant in the document title. */
  readonly secureCheckout: string;
  /** The summary's eyebrow and the title's start. Parameter: {merchant}. */
  readonly payTo: string;
  readonly loading: string;
  /** Label of the language picker. */
  readonly language: string;
  readonly total: string;
  /** AUTHORIZE: what happens to the money. Parameter: {merchant}. */
  readonly authorizeNote: string;
  readonly howToPay: string;
  readonly newCard: string;
  /** A saved card's option. Parameters: {brand}, {last4}. */
  readonly savedCardOption: string;
  readonly instalments: string;
  readonly payInFull: string;
  /** The button of a redirect method. Parameter: {method}. */
  readonly continueTo: string;
  /** Parameter: {merchant}. */
  readonly cancel: string;
  /** Parameter: {method}. */
  readonly redirecting: string;
  /** Parameter: {merchant}. */
  readonly secureNote: string;
  readonly declinedGeneric: string;
  readonly declinedFunds: string;
  readonly declinedAuthentication: string;
  readonly failed: string;
  readonly canceledAtProvider: string;
  readonly challengeHelp: string;
  readonly approvedTitle: string;
  readonly authorizedTitle: string;
  /** Parameters: {amount}, {merchant}. */
  readonly approvedBody: string;
  /** Parameters: {amount}, {merchant}. */
  readonly authorizedBody: string;
  readonly pendingTitle: string;
  /** Parameter: {merchant}. */
  readonly pendingBody: string;
  /** Pending at the shopper's bank (they may have left its page without approving). Parameter: {merchant}. */
  readonly pendingBankBody: string;
  /** Beside the merchant's order reference on the result page (never a transaction id). */
  readonly orderReference: string;
  /** Parameter: {merchant}. */
  readonly continueToMerchant: string;
  /** Parameter: {merchant}. */
  readonly returnToMerchant: string;
  /** Under a result: the page returns the shopper to the merchant by itself. */
  readonly returningSoon: string;
  readonly expiredTitle: string;
  /** Parameter: {merchant}. */
  readonly expiredBody: string;
  readonly completedTitle: string;
  readonly completedBody: string;
  readonly invalidTitle: string;
  readonly invalidBody: string;
  readonly unavailableTitle: string;
  readonly unavailableBody: string;
  readonly unavailableMethods: string;
  readonly unconfirmedTitle: string;
  readonly unconfirmedBody: string;
  readonly checkAgain: string;
  readonly fixErrors: string;
}


/** The id of the document's data block with the page's texts (the gateway writes it). */
export const DOCUMENT_TEXTS_ELEMENT_ID = 'hpp-texts';

const IMPORTS: Readonly<Record<LocaleTag, () => Promise<PageTexts>>> = {
  'en-US': () => import('./texts/en-US').then((m) => m.texts),
  'bs-BA': () => import('./texts/bs-BA').then((m) => m.texts),
  'ro-RO': () => import('./texts/ro-RO').then((m) => m.texts),
  'sv-SE': () => import('./texts/sv-SE').then((m) => m.texts),
};

const loaded = new Map<LocaleTag, PageTexts>();

/** Loads (once) the page texts of `locale`; a failed load is tried again on the next call. */
export async function loadPageTexts(locale: LocaleTag): Promise<PageTexts> {
  let texts = loaded.get(locale);
  if (!texts) {
    texts = await IMPORTS[locale]();
    loaded.set(locale, texts);
  }
  return texts;
}

/** Everything the page needs to speak `locale`: core's catalog and the page's own texts. */
export async function loadLanguage(locale: LocaleTag): Promise<void> {
  await Promise.all([loadMessages(locale), loadPageTexts(locale)]);
}

/** The page texts of `locale`, which loadPageTexts must have loaded (a programming error otherwise). */
export function pageTexts(locale: LocaleTag): PageTexts {
  const texts = loaded.get(locale);
  if (!texts) throw new Error(`pageTexts: the ${locale} texts are not loaded (await loadPageTexts first)`);
  return texts;
}

/** True once the texts of `locale` are there. */
export function hasPageTexts(locale: LocaleTag): boolean {
  return loaded.has(locale);
}

/** Takes `texts` as the page texts of `locale` (the gateway's first view renders with every language's). */
export function providePageTexts(locale: LocaleTag, texts: PageTexts): void {
  loaded.set(locale, texts);
}

/**
 * Takes the texts the gateway wrote into the document (from the build it serves, the texts
 * of this very script), if they are texts: an object of strings with the page's title among
 * them; otherwise the chunk loads instead. Answers their locale. The gateway leaves out the
 * words of what this session cannot show (first-view/session-document.ts: saved cards without
 * a customer, instalments, an authorization), which the page then never asks for.
 */
export function takeDocumentTexts(doc: Document = document): LocaleTag | undefined {
  const block = doc.getElementById(DOCUMENT_TEXTS_ELEMENT_ID);
  const locale = block?.getAttribute('data-locale');
  block?.remove();
  if (!block || !isLocaleTag(locale)) return undefined;
  try {
    const texts = JSON.parse(block.textContent ?? '') as Record<string, unknown>;
    if (typeof texts.secureCheckout !== 'string' || !Object.values(texts).every((text) => typeof text === 'string')) return undefined;
    loaded.set(locale, texts as unknown as PageTexts);
    return locale;
  } catch {
    return undefined;
  }
}
