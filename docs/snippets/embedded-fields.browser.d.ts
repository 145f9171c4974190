// What a merchant page has once embedded-fields.js ran: `window.PaymentComponent`, typed by
// the package (its types declare the global).
import '@payments/embedded-fields';
