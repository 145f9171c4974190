/** The shop's own words, in the four languages the payment form speaks. */
import type { Locale } from '@payments/react';

export const LOCALES: { locale: Locale; name: string }[] = [
  { locale: 'en-US', name: 'English' },
  { locale: 'bs-BA', name: 'Bosanski' },
  { locale: 'ro-RO', name: 'Română' },
  { locale: 'sv-SE', name: 'Svenska' },
];

const EN = {
  title: 'React shop',
  language: 'Language',
  total: 'Order total',
  method: 'How to pay',
  card: 'Card',
  splitCard: 'Card, separate fields',
  largerText: 'Larger text in the card form',
  savedCard: 'Saved card',
  wallet: 'Wallet',
  pay: 'Pay',
  payWallet: 'Continue to the wallet',
  newOrder: 'New order',
  loading: 'Loading your order…',
  orderFailed: 'We could not start your order. Try again in a moment.',
  approved: 'Thank you: your payment is approved.',
  declined: 'Your payment was declined. Try another card.',
  pending: 'Your payment is being processed.',
  canceled: 'The payment was canceled.',
  failed: 'The payment did not go through.',
  back: 'Back to the shop',
};
type Texts = typeof EN;

const TEXTS: Record<Locale, Texts> = {
  'en-US': EN,
  'bs-BA': {
    title: 'React prodavnica',
    language: 'Jezik',
    total: 'Ukupno za narudžbu',
    method: 'Način plaćanja',
    card: 'Kartica',
    splitCard: 'Kartica, odvojena polja',
    largerText: 'Veći tekst u obrascu kartice',
    savedCard: 'Sačuvana kartica',
    wallet: 'Novčanik',
    pay: 'Plati',
    payWallet: 'Nastavi na novčanik',
    newOrder: 'Nova narudžba',
    loading: 'Učitavamo vašu narudžbu…',
    orderFailed: 'Nismo mogli započeti narudžbu. Pokušajte ponovo za trenutak.',
    approved: 'Hvala: vaše plaćanje je odobreno.',
    declined: 'Vaše plaćanje je odbijeno. Pokušajte drugom karticom.',
    pending: 'Vaše plaćanje se obrađuje.',
    canceled: 'Plaćanje je otkazano.',
    failed: 'Plaćanje nije prošlo.',
    back: 'Nazad u prodavnicu',
  },
  'ro-RO': {
    title: 'Magazin React',
    language: 'Limba',
    total: 'Total comandă',
    method: 'Cum plătiți',
    card: 'Card',
    splitCard: 'Card, câmpuri separate',
    largerText: 'Text mai mare în formularul cardului',
    savedCard: 'Card salvat',
    wallet: 'Portofel',
    pay: 'Plătiți',
    payWallet: 'Continuați la portofel',
    newOrder: 'Comandă nouă',
    loading: 'Se încarcă comanda…',
    orderFailed: 'Nu am putut începe comanda. Încercați din nou peste un moment.',
    approved: 'Mulțumim: plata este aprobată.',
    declined: 'Plata a fost refuzată. Încercați alt card.',
    pending: 'Plata este în curs de procesare.',
    canceled: 'Plata a fost anulată.',
    failed: 'Plata nu a reușit.',
    back: 'Înapoi la magazin',
  },
  'sv-SE': {
    title: 'React-butiken',
    language: 'Språk',
    total: 'Att betala',
    method: 'Betalsätt',
    card: 'Kort',
    splitCard: 'Kort, separata fält',
    largerText: 'Större text i kortformuläret',
    savedCard: 'Sparat kort',
    wallet: 'Plånbok',
    pay: 'Betala',
    payWallet: 'Fortsätt till plånboken',
    newOrder: 'Ny beställning',
    loading: 'Hämtar din beställning…',
    orderFailed: 'Vi kunde inte starta din beställning. Försök igen om en stund.',
    approved: 'Tack: din betalning är godkänd.',
    declined: 'Din betalning nekades. Försök med ett annat kort.',
    pending: 'Din betalning behandlas.',
    canceled: 'Betalningen avbröts.',
    failed: 'Betalningen gick inte igenom.',
    back: 'Tillbaka till butiken',
  },
};

export function textsFor(locale: Locale): Texts {
  return TEXTS[locale];
}

/** The sentence for a transaction status (the return page, a card payment's answer). */
export function statusText(texts: Texts, status: string): string {
  if (status === 'APPROVED') return texts.approved;
  if (status === 'DECLINED') return texts.declined;
  if (status === 'CANCELED' || status === 'EXPIRED') return texts.canceled;
  if (status === 'PENDING' || status === 'CREATED') return texts.pending;
  return texts.failed;
}

export function money(amount: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 100);
}
