/**
 * The classic-script entry (dist/embedded-fields.js): defines window.PaymentComponent and
 * the wallet and bank redirect stubs' window[type].factory.
 */
import { captureScriptOrigin } from './gateway-origin';
import { PaymentComponent } from './payment-component';
import { registerRedirectFactories } from './redirect-method';

captureScriptOrigin(document.currentScript);
window.PaymentComponent = PaymentComponent as Window['PaymentComponent'];
registerRedirectFactories(window);
