/**
 * The classic-script entry (dist/embedded-fields.js): defines window.PaymentComponent and
 * the wallet and bank redirect stubs' window[type].factory, and opens the gateway's preload
 * frame (preload-frame.ts).
 */
import { captureScriptOrigin, scriptLoadedFrom } from './gateway-origin';
import { PaymentComponent } from './payment-component';
import { openPreloadFrame } from './preload-frame';
import { registerRedirectFactories } from './redirect-method';

captureScriptOrigin(document.currentScript);
window.PaymentComponent = PaymentComponent as Window['PaymentComponent'];
registerRedirectFactories(window);
openPreloadFrame(scriptLoadedFrom());
