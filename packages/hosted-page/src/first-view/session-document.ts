/**
 * What the gateway writes into a session's document besides the first view (GET /hpp/{id};
 * mock-gateway's routes/hosted-page-routes.ts), each worked out here, by the page's own
 * rules, so that the document carries what this session's page can use and nothing else:
 *  - the merchant's colours, once, as a `:root` rule (the page's script works none of them out);
 *  - the session view of the data block, its payment methods narrowed to those the page offers;
 *  - the page's texts and core's catalog without the words of what this session cannot show:
 *    saved cards for a session without a customer, instalments for one without a choice of
 *    them, an authorization for a purchase.
 * A language the shopper picks later loads whole (texts.ts, core's loadMessages), and what a
 * session can show is fixed when it is created: none of these can come back to it.
 */
import type { LocaleTag } from '@payments/core';
import { instalmentChoices, paymentOptions, type SessionView } from '../checkout-model';
import type { PageTexts } from '../texts';
import { PAGE_TEXTS } from '../texts/all';
import { themeVariables } from '../theme';

/**
 * The merchant's colours as the page's CSS variables (theme.ts: each checked for contrast),
 * one `:root` rule for the document's head: the gateway writes it into every document of a
 * session it knows (with a first view or without: back from a bank, a notice), so the first
 * view and the page's own drawing share it.
 */
export function themeCss(session: Pick<SessionView, 'merchant'>): string {
  return rule(':root', Object.entries(themeVariables(session.merchant.branding)));
}

/**
 * The session view for the document's data block: as GET /api/sessions/{id} answers it, but
 * with only the payment methods the page offers (paymentOptions: the terminal's list also
 * names methods that do not fit the order or that the page does not show). The page draws the
 * same options from it as from the whole list.
 */
export function documentSession(session: SessionView): SessionView {
  const offered = new Set(paymentOptions(session, []).flatMap((option) => (option.kind === 'redirect' ? [option.type] : [])));
  return { ...session, payment_methods: session.payment_methods.filter((type) => offered.has(type)) };
}

/** What a session may lack, and the words that only it shows. */
interface Feature {
  /** Whether the session can show it. */
  has(session: SessionView): boolean;
  /** The page's texts only it shows. */
  texts: readonly (keyof PageTexts)[];
  /** core's catalog sections only it reads (on this page). */
  sections: readonly string[];
}

const FEATURES: readonly Feature[] = [
  // Saved cards come only to a customer's session (page-load.ts); this page never offers to save one.
  { has: (session) => Boolean(session.hpp?.customer_id), texts: ['newCard', 'savedCardOption'], sections: ['savedCard'] },
  { has: (session) => instalmentChoices(session).length > 0, texts: ['instalments', 'payInFull'], sections: ['plurals'] },
  { has: (session) => session.transaction_type === 'AUTHORIZE', texts: ['authorizeNote', 'authorizedTitle', 'authorizedBody'], sections: [] },
];

const lacking = (session: SessionView): Feature[] => FEATURES.filter((feature) => !feature.has(session));

/** The page's texts in `locale` for this session's document (the hpp-texts data block). */
export function documentTexts(session: SessionView, locale: LocaleTag): Partial<PageTexts> {
  const left = new Set(lacking(session).flatMap((feature) => feature.texts));
  return Object.fromEntries(Object.entries(PAGE_TEXTS[locale]).filter(([key]) => !left.has(key as keyof PageTexts)));
}

/** core's catalog sections this session's page never reads: the gateway writes them empty. */
export function unusedCatalogSections(session: SessionView): string[] {
  return lacking(session).flatMap((feature) => feature.sections);
}

/** A CSS rule of custom properties; a value that is not a plain colour or length is left out. */
export function rule(selector: string, properties: readonly (readonly [string, string])[]): string {
  const safe = properties.filter(([name, value]) => /^--[\w-]+$/.test(name) && /^[#\w.%-]+$/.test(value));
  return `${selector}{${safe.map(([name, value]) => `${name}:${value}`).join(';')}}`;
}
