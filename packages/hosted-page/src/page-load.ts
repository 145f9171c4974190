/**
 * What <hpp-app> needs before it shows anything: the document's catalog and texts, the
 * session (from the document, else asked with the public client key), the language it opens
 * in, the payment options (with a customer's saved cards and, for those, the card rules), and
 * the transaction the shopper came back with. Or the notice to show instead: the link is
 * invalid, or the gateway is unavailable.
 */
import { hostedPageLocale, type LocaleTag } from '@payments/core';
import { loadCardRules, takeDocumentCatalog } from '@payments/embedded-fields/secure';
import { paymentOptions, type PaymentOption, type SessionView } from './checkout-model';
import { createHppApi, GatewayCallError, type HppApi } from './hpp-api';
import { storedLocale, takeEmbeddedData } from './page-data';
import { loadLanguage, takeDocumentTexts } from './texts';

export type LoadedPage =
  /** `session`, `options`: when the session was read before the notice (the page still shows the merchant). */
  | { kind: 'notice'; notice: 'invalid' | 'unavailable'; locale: LocaleTag; session?: SessionView; options?: PaymentOption[] }
  | {
      kind: 'session';
      locale: LocaleTag;
      api: HppApi;
      session: SessionView;
      options: PaymentOption[];
      /** Back from a redirect, a form submit or a provider: the transaction to ask the gateway about. */
      returned: string | null;
    };

/** `locale`: the browser's, spoken until the document or the session says otherwise. */
export async function loadPage(clientKey: string, sessionId: string, browserLocale: LocaleTag): Promise<LoadedPage> {
  takeDocumentCatalog(); // the gateway wrote the locale it expects into the document
  // …and the page's own texts in it: until the session says otherwise, the page speaks that language.
  const documentLocale = takeDocumentTexts() ?? browserLocale;
  // Notices before a session is known speak that language.
  const early = async (notice: 'invalid' | 'unavailable'): Promise<LoadedPage> => {
    await loadLanguage(documentLocale);
    return { kind: 'notice', notice, locale: documentLocale };
  };
  if (!clientKey || !sessionId) return early('invalid');
  const api = createHppApi(clientKey, sessionId);
  const embedded = takeEmbeddedData(sessionId);
  let session: SessionView;
  try {
    session = embedded?.session ?? (await api.session());
  } catch (error) {
    const unknown = error instanceof GatewayCallError && (error.status === 422 || error.status === 401 || error.status === 404);
    return early(unknown ? 'invalid' : 'unavailable');
  }
  if (session.kind !== 'HPP' || !session.hpp) return early('invalid');
  // The one catalog this page needs (the gateway wrote it into the document), unless the shopper switches.
  const locale = hostedPageLocale(session.hpp.language, session.merchant.default_language, storedLocale(sessionId));
  await loadLanguage(locale);
  // Only a customer's open session has saved cards to offer (one more call, for them only).
  const savedCards =
    embedded?.saved_cards ?? (session.hpp.customer_id && session.status === 'CREATED' ? await api.savedCards().catch(() => []) : []);
  const options = paymentOptions(session, savedCards);
  // A saved card is drawn with its brand and expiry, which the card rules describe: they come
  // now for a customer's cards (a guest's checkout asks for them when the shopper starts).
  if (options.some((option) => option.kind === 'saved-card')) {
    try {
      await loadCardRules();
    } catch {
      return { kind: 'notice', notice: 'unavailable', locale, session, options };
    }
  }
  // Back from a redirect, a form submit or a provider: the gateway says how it ended; the query's status is not believed.
  const params = new URLSearchParams(location.search);
  const returned = params.get('transaction_id');
  if (params.has('transaction_id') || params.has('status')) history.replaceState(null, '', location.pathname);
  return { kind: 'session', locale, api, session, options, returned };
}
