// The page's own script: ask your backend for a session, mount the card, pay.
// #region mount
const pay = /** @type {HTMLButtonElement} */ (document.querySelector('#pay'));
const status = /** @type {HTMLElement} */ (document.querySelector('#status'));

const started = await fetch('/api/checkout', { method: 'POST' });
if (!started.ok) status.textContent = 'Checkout is not available right now. Please try again later.';
const { sessionId, clientKey } = await started.json();
const PaymentComponent = window.PaymentComponent;
if (!PaymentComponent) throw new Error('embedded-fields.js did not load');

const payments = PaymentComponent({ clientKey, sessionId, environment: 'test', locale: 'en-US' });
let paid = false;
const card = payments.create('card', {
  onChange: (state) => {
    pay.disabled = paid || !state.valid;
  },
});
await card.mount('#card'); // resolves when the fields are ready to type into
// #endregion mount

// #region pay
card.on('submit', () => pay.click()); // Enter in a field
pay.addEventListener('click', async () => {
  pay.disabled = true;
  try {
    // 3-D Secure runs by itself: a hidden fingerprint, or the challenge in a dialog over
    // this page. A redirect step leaves the page and comes back to your return_url.
    const response = await card.submitPayment({ customer: { email: 'ana@example.com' } });
    paid = response.approved;
    status.textContent = paid ? 'Paid. Thank you!' : `Not paid (${response.status}). Try another card.`;
  } catch (error) {
    // A PaymentFailure: `code` is one of PaymentErrorCode, `message` is in the shopper's language.
    status.textContent = error instanceof Error ? error.message : String(error);
  }
  pay.disabled = paid || !card.validate();
});
// #endregion pay
