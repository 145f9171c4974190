/**
 * The few messages the host shows by itself, when the frame cannot speak: it did not load,
 * or was never mounted; and the frames' titles (set on the merchant page before the frame
 * exists; the card frame's the same as core's `status.frameTitle`, a test holds them equal).
 * Everything else is worded by the frame from core's catalogs, so the host bundle carries
 * no full catalog.
 */
import type { FieldName, Locale } from './public-api';

type HostMessage = 'frame_load_failed' | 'not_mounted' | 'frame_title' | 'apm_frame_title' | `field_${FieldName}`;

const MESSAGES: Record<Locale, Record<HostMessage, string>> = {
  'en-US': {
    frame_load_failed: 'The payment form could not load. Check your connection and try again.',
    not_mounted: 'The payment form is not on the page yet.',
    frame_title: 'Secure card payment',
    apm_frame_title: 'Secure alternative payment methods',
    field_number: 'Card number',
    field_expiry: 'Expiry date',
    field_cvv: 'CVV',
    field_holderName: 'Cardholder name',
    field_email: 'Email',
  },
  'bs-BA': {
    frame_load_failed: 'Obrazac za plaćanje se nije učitao. Provjerite vezu i pokušajte ponovo.',
    not_mounted: 'Obrazac za plaćanje još nije na stranici.',
    frame_title: 'Sigurno plaćanje karticom',
    apm_frame_title: 'Sigurni alternativni načini plaćanja',
    field_number: 'Broj kartice',
    field_expiry: 'Datum isteka',
    field_cvv: 'CVV',
    field_holderName: 'Ime vlasnika kartice',
    field_email: 'E-mail',
  },
  'ro-RO': {
    frame_load_failed: 'Formularul de plată nu s-a putut încărca. Verificați conexiunea și încercați din nou.',
    not_mounted: 'Formularul de plată nu este încă pe pagină.',
    frame_title: 'Plată securizată cu cardul',
    apm_frame_title: 'Metode alternative de plată securizate',
    field_number: 'Numărul cardului',
    field_expiry: 'Data expirării',
    field_cvv: 'CVV',
    field_holderName: 'Numele titularului',
    field_email: 'E-mail',
  },
  'sv-SE': {
    frame_load_failed: 'Betalformuläret kunde inte laddas. Kontrollera anslutningen och försök igen.',
    not_mounted: 'Betalformuläret finns inte på sidan än.',
    frame_title: 'Säker kortbetalning',
    apm_frame_title: 'Säkra alternativa betalningssätt',
    field_number: 'Kortnummer',
    field_expiry: 'Utgångsdatum',
    field_cvv: 'CVC',
    field_holderName: 'Kortinnehavarens namn',
    field_email: 'E-post',
  },
};

/** A split field's frame title: the card frame's, then the field's label (core's labels, a test holds them equal). */
export function fieldFrameTitle(locale: Locale, field: FieldName): string {
  return `${MESSAGES[locale].frame_title}: ${MESSAGES[locale][`field_${field}`]}`;
}

export function hostMessage(locale: Locale, key: HostMessage): string {
  return MESSAGES[locale][key];
}
