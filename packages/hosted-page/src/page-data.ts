/** What the page reads at start: the data the gateway wrote into the document, and the shopper's stored language. */
import type { SavedCardSummary, SessionView } from './checkout-model';

/**
 * The session view (and saved cards) the gateway wrote into the document, read once: a
 * later start (back from the browser's cache) asks the gateway again.
 */
export function takeEmbeddedData(sessionId: string): { session: SessionView; saved_cards?: SavedCardSummary[] } | null {
  const block = document.getElementById('hpp-data');
  if (!block) return null;
  block.remove();
  try {
    const data = JSON.parse(block.textContent ?? '') as { session?: SessionView; saved_cards?: SavedCardSummary[] };
    return data.session?.id === sessionId ? { session: data.session, ...(data.saved_cards ? { saved_cards: data.saved_cards } : {}) } : null;
  } catch {
    return null;
  }
}

const LOCALE_KEY = 'hpp-locale';

/** The language the shopper chose for this session earlier (kept across the bank's redirects). */
export function storedLocale(sessionId: string): string | null {
  try {
    return sessionStorage.getItem(`${LOCALE_KEY}:${sessionId}`);
  } catch {
    return null;
  }
}

export function storeLocale(sessionId: string, locale: string): void {
  try {
    sessionStorage.setItem(`${LOCALE_KEY}:${sessionId}`, locale);
  } catch {
    // storage blocked: the choice lasts as long as the page
  }
}
