/**
 * The few messages the host shows by itself, when the frame cannot speak: it did not load,
 * or was never mounted. Everything else is worded by the frame from core's catalogs, so the
 * host bundle carries no full catalog.
 */
import type { Locale } from './public-api';

type HostMessage = 'frame_load_failed' | 'not_mounted';

const MESSAGES: Record<Locale, Record<HostMessage, string>> = {
  'en-US': {
    frame_load_failed: 'The payment form could not load. Check your connection and try again.',
    not_mounted: 'The payment form is not on the page yet.',
  },
  'bs-BA': {
    frame_load_failed: 'Obrazac za plaćanje se nije učitao. Provjerite vezu i pokušajte ponovo.',
    not_mounted: 'Obrazac za plaćanje još nije na stranici.',
  },
  'ro-RO': {
    frame_load_failed: 'Formularul de plată nu s-a putut încărca. Verificați conexiunea și încercați din nou.',
    not_mounted: 'Formularul de plată nu este încă pe pagină.',
  },
  'sv-SE': {
    frame_load_failed: 'Betalformuläret kunde inte laddas. Kontrollera anslutningen och försök igen.',
    not_mounted: 'Betalformuläret finns inte på sidan än.',
  },
};

export function hostMessage(locale: Locale, key: HostMessage): string {
  return MESSAGES[locale][key];
}
