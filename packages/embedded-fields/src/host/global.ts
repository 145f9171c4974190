/** The classic-script entry (dist/embedded-fields.js): defines window.PaymentComponent. */
import { captureScriptOrigin } from './gateway-origin';
import { PaymentComponent } from './payment-component';

captureScriptOrigin(document.currentScript);
window.PaymentComponent = PaymentComponent as Window['PaymentComponent'];
