/**
 * The payment's next actions on the merchant page (the 3-D Secure challenge dialog and
 * leaving for the bank) live in their own script, embedded-fields-actions.js, so a card
 * mount does not download them (issue #14): the first focus in a field loads it, a
 * challenge or a redirect waits for it if it is not there yet. How it is loaded, by exact
 * version and SRI hash: gateway-script.ts.
 */
import type { openChallengeDialog } from '../shared/challenge-dialog';
import { loadGatewayScript, loadedEvent } from './gateway-script';
import type { navigate } from './navigation';

export interface PaymentActions {
  openChallengeDialog: typeof openChallengeDialog;
  navigate: typeof navigate;
}

export const ACTIONS_LOADED_EVENT = loadedEvent('embedded-fields-actions.js');

declare const __EF_ACTIONS_INTEGRITY__: string;

let loading: Promise<PaymentActions> | undefined;

/** The actions, loaded once from `origin` (the gateway embedded-fields.js came from). */
export function loadPaymentActions(origin: string): Promise<PaymentActions> {
  loading ??= loadGatewayScript<PaymentActions>(origin, 'embedded-fields-actions.js', __EF_ACTIONS_INTEGRITY__).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
