/**
 * The hosted page's own texts, per locale: what only a full checkout page says (its
 * headings, outcome and notice pages). Field labels, card errors, 3-D Secure errors, saved
 * card and alternative method texts come from the shared catalogs (`loadedMessages(locale)` in
 * @payments/core), so the page and the card component speak alike. `{name}` marks a
 * parameter for `formatMessage`.
 */
import type { LocaleTag } from '@payments/core';

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

export const PAGE_TEXTS: Readonly<Record<LocaleTag, PageTexts>> = {
  'en-US': {
    secureCheckout: 'Secure checkout',
    payTo: 'Pay {merchant}',
    loading: 'Loading secure checkout…',
    language: 'Language',
    total: 'Total',
    authorizeNote: 'The amount is reserved on your card now and charged when {merchant} completes your order.',
    howToPay: 'How would you like to pay?',
    newCard: 'New card',
    savedCardOption: '{brand} ending in {last4}',
    instalments: 'Instalments',
    payInFull: 'Pay in full',
    continueTo: 'Continue to {method}',
    cancel: 'Cancel and return to {merchant}',
    redirecting: 'Taking you to {method}…',
    secureNote: 'Secure payment. Card details are encrypted and never shared with {merchant}.',
    declinedGeneric: 'Your bank declined the payment. No money was taken. Try again or choose another way to pay.',
    declinedFunds: 'Your bank declined the payment: insufficient funds. No money was taken. Try another card or another way to pay.',
    declinedAuthentication: 'Your bank could not verify the payment. No money was taken. Try again or choose another way to pay.',
    failed: 'The payment could not be completed. No money was taken. Please try again.',
    canceledAtProvider: 'The payment was not completed. No money was taken. Try again or choose another way to pay.',
    challengeHelp: 'Your bank asks you to confirm this payment. Follow the steps below.',
    approvedTitle: 'Payment successful',
    authorizedTitle: 'Payment authorized',
    approvedBody: 'You paid {amount} to {merchant}.',
    authorizedBody: '{amount} is reserved for {merchant}. You are charged when the order is completed.',
    pendingTitle: 'Payment being confirmed',
    pendingBody: 'Your payment is waiting for confirmation from the provider. {merchant} will let you know once it is confirmed.',
    pendingBankBody: 'Your bank has not confirmed the payment yet. If you approved it there, {merchant} will let you know once your bank confirms it. If you did not, no money is taken.',
    orderReference: 'Order number',
    continueToMerchant: 'Continue to {merchant}',
    returnToMerchant: 'Return to {merchant}',
    returningSoon: 'We will take you back to {merchant} in a few seconds.',
    expiredTitle: 'This payment session has expired',
    expiredBody: 'For your security, a checkout stays open for a limited time. No money was taken. Return to {merchant} to start again.',
    completedTitle: 'This payment is already complete',
    completedBody: 'This checkout has already been paid. You have not been charged again.',
    invalidTitle: 'This payment link is not valid',
    invalidBody: 'Check the link, or return to the shop and start the payment again. No money was taken.',
    unavailableTitle: 'The payment page is not available',
    unavailableBody: 'We could not reach the payment service. No money was taken. Please try again in a moment.',
    unavailableMethods: 'This shop cannot take payments right now. No money was taken.',
    unconfirmedTitle: 'We could not confirm your payment yet',
    unconfirmedBody: 'You are back from your bank, but the payment service did not answer. Do not pay again: check again in a moment.',
    checkAgain: 'Check again',
    fixErrors: 'Check the highlighted fields.',
  },
  'bs-BA': {
    secureCheckout: 'Sigurno plaćanje',
    payTo: 'Plaćanje trgovcu {merchant}',
    loading: 'Učitavanje sigurnog plaćanja…',
    language: 'Jezik',
    total: 'Ukupno',
    authorizeNote: 'Iznos se sada rezerviše na Vašoj kartici, a naplaćuje se kada {merchant} završi Vašu narudžbu.',
    howToPay: 'Kako želite platiti?',
    newCard: 'Nova kartica',
    savedCardOption: '{brand} koja završava na {last4}',
    instalments: 'Rate',
    payInFull: 'Jednokratno plaćanje',
    continueTo: 'Nastavite na {method}',
    cancel: 'Otkažite i vratite se na {merchant}',
    redirecting: 'Preusmjeravanje na {method}…',
    secureNote: 'Sigurno plaćanje. Podaci kartice su šifrovani i nikada se ne dijele s trgovcem {merchant}.',
    declinedGeneric: 'Vaša banka je odbila plaćanje. Novac nije naplaćen. Pokušajte ponovo ili odaberite drugi način plaćanja.',
    declinedFunds: 'Vaša banka je odbila plaćanje: nedovoljno sredstava. Novac nije naplaćen. Pokušajte drugom karticom ili drugim načinom plaćanja.',
    declinedAuthentication: 'Vaša banka nije mogla potvrditi plaćanje. Novac nije naplaćen. Pokušajte ponovo ili odaberite drugi način plaćanja.',
    failed: 'Plaćanje nije moglo biti završeno. Novac nije naplaćen. Pokušajte ponovo.',
    canceledAtProvider: 'Plaćanje nije završeno. Novac nije naplaćen. Pokušajte ponovo ili odaberite drugi način plaćanja.',
    challengeHelp: 'Vaša banka traži da potvrdite ovo plaćanje. Slijedite korake ispod.',
    approvedTitle: 'Plaćanje je uspješno',
    authorizedTitle: 'Plaćanje je odobreno',
    approvedBody: 'Platili ste {amount} trgovcu {merchant}.',
    authorizedBody: 'Iznos {amount} je rezervisan za trgovca {merchant}. Naplaćuje se kada narudžba bude završena.',
    pendingTitle: 'Plaćanje čeka potvrdu',
    pendingBody: 'Vaše plaćanje čeka potvrdu pružaoca usluge. {merchant} će Vas obavijestiti kada bude potvrđeno.',
    pendingBankBody: 'Vaša banka još nije potvrdila plaćanje. Ako ste ga odobrili kod banke, {merchant} će Vas obavijestiti kada ga banka potvrdi. Ako niste, novac neće biti naplaćen.',
    orderReference: 'Broj narudžbe',
    continueToMerchant: 'Nastavite na {merchant}',
    returnToMerchant: 'Vratite se na {merchant}',
    returningSoon: 'Za nekoliko sekundi vratit ćemo Vas na {merchant}.',
    expiredTitle: 'Ova sesija plaćanja je istekla',
    expiredBody: 'Radi Vaše sigurnosti, plaćanje je otvoreno ograničeno vrijeme. Novac nije naplaćen. Vratite se na {merchant} i počnite ponovo.',
    completedTitle: 'Ovo plaćanje je već završeno',
    completedBody: 'Ova narudžba je već plaćena. Ništa Vam nije ponovo naplaćeno.',
    invalidTitle: 'Ovaj link za plaćanje nije važeći',
    invalidBody: 'Provjerite link ili se vratite u trgovinu i ponovo započnite plaćanje. Novac nije naplaćen.',
    unavailableTitle: 'Stranica za plaćanje nije dostupna',
    unavailableBody: 'Nismo mogli dobiti vezu s uslugom plaćanja. Novac nije naplaćen. Pokušajte ponovo za trenutak.',
    unavailableMethods: 'Ova trgovina trenutno ne može primati plaćanja. Novac nije naplaćen.',
    unconfirmedTitle: 'Još nismo mogli potvrditi Vaše plaćanje',
    unconfirmedBody: 'Vratili ste se iz banke, ali usluga plaćanja nije odgovorila. Nemojte plaćati ponovo: provjerite ponovo za trenutak.',
    checkAgain: 'Provjerite ponovo',
    fixErrors: 'Provjerite označena polja.',
  },
  'ro-RO': {
    secureCheckout: 'Plată securizată',
    payTo: 'Plată către {merchant}',
    loading: 'Se încarcă pagina de plată securizată…',
    language: 'Limbă',
    total: 'Total',
    authorizeNote: 'Suma este rezervată acum pe cardul dumneavoastră și este încasată când {merchant} finalizează comanda.',
    howToPay: 'Cum doriți să plătiți?',
    newCard: 'Card nou',
    savedCardOption: '{brand} care se termină în {last4}',
    instalments: 'Rate',
    payInFull: 'Plată integrală',
    continueTo: 'Continuați către {method}',
    cancel: 'Anulați și reveniți la {merchant}',
    redirecting: 'Vă redirecționăm către {method}…',
    secureNote: 'Plată securizată. Datele cardului sunt criptate și nu sunt transmise niciodată către {merchant}.',
    declinedGeneric: 'Banca a refuzat plata. Nu s-au retras bani. Încercați din nou sau alegeți altă metodă de plată.',
    declinedFunds: 'Banca a refuzat plata: fonduri insuficiente. Nu s-au retras bani. Încercați alt card sau altă metodă de plată.',
    declinedAuthentication: 'Banca nu a putut verifica plata. Nu s-au retras bani. Încercați din nou sau alegeți altă metodă de plată.',
    failed: 'Plata nu a putut fi finalizată. Nu s-au retras bani. Vă rugăm să încercați din nou.',
    canceledAtProvider: 'Plata nu a fost finalizată. Nu s-au retras bani. Încercați din nou sau alegeți altă metodă de plată.',
    challengeHelp: 'Banca vă cere să confirmați această plată. Urmați pașii de mai jos.',
    approvedTitle: 'Plata a reușit',
    authorizedTitle: 'Plata a fost autorizată',
    approvedBody: 'Ați plătit {amount} către {merchant}.',
    authorizedBody: 'Suma de {amount} este rezervată pentru {merchant}. Va fi încasată la finalizarea comenzii.',
    pendingTitle: 'Plata este în curs de confirmare',
    pendingBody: 'Plata așteaptă confirmarea furnizorului. {merchant} vă va anunța când este confirmată.',
    pendingBankBody: 'Banca dumneavoastră nu a confirmat încă plata. Dacă ați aprobat-o la bancă, {merchant} vă va anunța când banca o confirmă. Dacă nu, nu se vor retrage bani.',
    orderReference: 'Numărul comenzii',
    continueToMerchant: 'Continuați către {merchant}',
    returnToMerchant: 'Reveniți la {merchant}',
    returningSoon: 'În câteva secunde vă vom duce înapoi la {merchant}.',
    expiredTitle: 'Această sesiune de plată a expirat',
    expiredBody: 'Pentru siguranța dumneavoastră, plata rămâne deschisă un timp limitat. Nu s-au retras bani. Reveniți la {merchant} pentru a începe din nou.',
    completedTitle: 'Această plată este deja finalizată',
    completedBody: 'Această comandă a fost deja plătită. Suma nu a fost debitată din nou.',
    invalidTitle: 'Acest link de plată nu este valid',
    invalidBody: 'Verificați linkul sau reveniți în magazin și începeți din nou plata. Nu s-au retras bani.',
    unavailableTitle: 'Pagina de plată nu este disponibilă',
    unavailableBody: 'Nu am putut contacta serviciul de plată. Nu s-au retras bani. Vă rugăm să încercați din nou în câteva momente.',
    unavailableMethods: 'Acest magazin nu poate primi plăți în acest moment. Nu s-au retras bani.',
    unconfirmedTitle: 'Nu am putut confirma încă plata',
    unconfirmedBody: 'V-ați întors de la bancă, dar serviciul de plată nu a răspuns. Nu plătiți din nou: verificați din nou în câteva momente.',
    checkAgain: 'Verificați din nou',
    fixErrors: 'Verificați câmpurile marcate.',
  },
  'sv-SE': {
    secureCheckout: 'Säker betalning',
    payTo: 'Betala till {merchant}',
    loading: 'Laddar säker betalning…',
    language: 'Språk',
    total: 'Totalt',
    authorizeNote: 'Beloppet reserveras på ditt kort nu och dras när {merchant} slutför din beställning.',
    howToPay: 'Hur vill du betala?',
    newCard: 'Nytt kort',
    savedCardOption: '{brand} som slutar på {last4}',
    instalments: 'Delbetalning',
    payInFull: 'Betala hela beloppet',
    continueTo: 'Fortsätt till {method}',
    cancel: 'Avbryt och gå tillbaka till {merchant}',
    redirecting: 'Skickar dig till {method}…',
    secureNote: 'Säker betalning. Kortuppgifterna krypteras och delas aldrig med {merchant}.',
    declinedGeneric: 'Din bank nekade betalningen. Inga pengar har dragits. Försök igen eller välj ett annat betalningssätt.',
    declinedFunds: 'Din bank nekade betalningen: otillräckligt saldo. Inga pengar har dragits. Prova ett annat kort eller betalningssätt.',
    declinedAuthentication: 'Din bank kunde inte verifiera betalningen. Inga pengar har dragits. Försök igen eller välj ett annat betalningssätt.',
    failed: 'Betalningen kunde inte genomföras. Inga pengar har dragits. Försök igen.',
    canceledAtProvider: 'Betalningen slutfördes inte. Inga pengar har dragits. Försök igen eller välj ett annat betalningssätt.',
    challengeHelp: 'Din bank ber dig bekräfta betalningen. Följ stegen nedan.',
    approvedTitle: 'Betalningen är klar',
    authorizedTitle: 'Betalningen är godkänd',
    approvedBody: 'Du har betalat {amount} till {merchant}.',
    authorizedBody: '{amount} är reserverat för {merchant}. Beloppet dras när beställningen slutförs.',
    pendingTitle: 'Betalningen bekräftas',
    pendingBody: 'Din betalning väntar på bekräftelse från leverantören. {merchant} meddelar dig när den är bekräftad.',
    pendingBankBody: 'Din bank har inte bekräftat betalningen än. Om du godkände den hos banken meddelar {merchant} dig när banken har bekräftat den. Om inte, dras inga pengar.',
    orderReference: 'Beställningsnummer',
    continueToMerchant: 'Fortsätt till {merchant}',
    returnToMerchant: 'Tillbaka till {merchant}',
    returningSoon: 'Om några sekunder skickar vi dig tillbaka till {merchant}.',
    expiredTitle: 'Betalningssessionen har gått ut',
    expiredBody: 'Av säkerhetsskäl är en betalning öppen en begränsad tid. Inga pengar har dragits. Gå tillbaka till {merchant} och börja om.',
    completedTitle: 'Den här betalningen är redan klar',
    completedBody: 'Beställningen är redan betald. Du har inte debiterats igen.',
    invalidTitle: 'Betalningslänken är inte giltig',
    invalidBody: 'Kontrollera länken, eller gå tillbaka till butiken och börja om. Inga pengar har dragits.',
    unavailableTitle: 'Betalningssidan är inte tillgänglig',
    unavailableBody: 'Vi fick ingen kontakt med betaltjänsten. Inga pengar har dragits. Försök igen om en stund.',
    unavailableMethods: 'Butiken kan inte ta emot betalningar just nu. Inga pengar har dragits.',
    unconfirmedTitle: 'Vi kunde inte bekräfta din betalning än',
    unconfirmedBody: 'Du är tillbaka från banken, men betaltjänsten svarade inte. Betala inte igen: kontrollera igen om en stund.',
    checkAgain: 'Kontrollera igen',
    fixErrors: 'Kontrollera de markerade fälten.',
  },
};

/** The page texts of a locale. */
export function pageTexts(locale: LocaleTag): PageTexts {
  return PAGE_TEXTS[locale];
}
