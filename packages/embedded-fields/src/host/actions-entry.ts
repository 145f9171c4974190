/**
 * The classic-script entry of dist/embedded-fields-actions.js: what the merchant page needs
 * only once a payment asks for it (the 3-D Secure challenge dialog, leaving the page for
 * the bank). embedded-fields.js loads it after the form is ready, with its SRI hash
 * (payment-actions.ts), and this script hands its functions to that very script element.
 */
import { openChallengeDialog } from '../shared/challenge-dialog';
import { ACTIONS_LOADED_EVENT, type PaymentActions } from './payment-actions';
import { navigate } from './navigation';

const actions: PaymentActions = { openChallengeDialog, navigate };
document.currentScript?.dispatchEvent(new CustomEvent(ACTIONS_LOADED_EVENT, { detail: actions }));
