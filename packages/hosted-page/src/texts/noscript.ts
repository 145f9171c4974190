/**
 * What a shopper whose browser runs no JavaScript reads, in each language. The built
 * document (index.html) says it in all four, for a page the gateway serves without knowing
 * the session's language; for a session's page the gateway writes the one line of its
 * language instead (first-view.js exports these).
 */
import type { LocaleTag } from '@payments/core';

export const NOSCRIPT_TEXTS: Readonly<Record<LocaleTag, string>> = {
  'en-US': 'This payment page needs JavaScript.',
  'bs-BA': 'Ova stranica za plaćanje zahtijeva JavaScript.',
  'ro-RO': 'Această pagină de plată necesită JavaScript.',
  'sv-SE': 'Den här betalningssidan kräver JavaScript.',
};
