/**
 * The payment's next actions on the merchant page (the 3-D Secure challenge dialog and
 * leaving for the bank) live in their own script, embedded-fields-actions.js, so a card
 * mount does not download them (issue #14): the first focus in a field loads it, a
 * challenge or a redirect waits for it if it is not there yet.
 *
 * It comes from the gateway that served embedded-fields.js, at this very version's
 * immutable URL (/v{version}/embedded-fields-actions.js), with the SRI hash this build was
 * made with: a merchant who pins embedded-fields.js by its hash pins this one with it. The
 * script hands its functions to its own <script> element (an event), so no global is left.
 * A failed load is forgotten, so the next payment tries again.
 */
import type { openChallengeDialog } from '../shared/challenge-dialog';
import type { navigate } from './navigation';

export interface PaymentActions {
  openChallengeDialog: typeof openChallengeDialog;
  navigate: typeof navigate;
}

export const ACTIONS_LOADED_EVENT = 'embedded-fields-actions';

declare const __EF_VERSION__: string;
declare const __EF_ACTIONS_INTEGRITY__: string;

let loading: Promise<PaymentActions> | undefined;

/** The actions, loaded once from `origin` (the gateway embedded-fields.js came from). */
export function loadPaymentActions(origin: string): Promise<PaymentActions> {
  loading ??= insertScript(`${origin}/v${__EF_VERSION__}/embedded-fields-actions.js`).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

function insertScript(url: string): Promise<PaymentActions> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.addEventListener(ACTIONS_LOADED_EVENT, (event) => resolve((event as CustomEvent<PaymentActions>).detail), { once: true });
    // It has run (its event came first, so this rejects nothing) or ran without handing over.
    script.addEventListener('load', () => {
      script.remove();
      reject(new Error('embedded-fields-actions.js ran without handing over its functions'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`could not load ${url}`));
    });
    script.integrity = __EF_ACTIONS_INTEGRITY__;
    script.crossOrigin = 'anonymous';
    script.src = scriptUrl(url) as string;
    document.head.append(script);
  });
}

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
let policy: ScriptUrlPolicy | null | undefined;

/**
 * On a page that enforces Trusted Types, a script URL must come from a policy: ours is
 * `embedded-fields` (the merchant lists it in `trusted-types`), and it passes this one URL
 * only. Without Trusted Types, or when the page does not allow the policy, the plain string.
 */
function scriptUrl(url: string): unknown {
  const trustedTypes = (window as { trustedTypes?: { createPolicy(name: string, rules: { createScriptURL(input: string): string }): ScriptUrlPolicy } }).trustedTypes;
  if (policy === undefined) {
    try {
      policy = trustedTypes?.createPolicy('embedded-fields', {
        createScriptURL: (input) => {
          if (!input.endsWith(`/v${__EF_VERSION__}/embedded-fields-actions.js`)) throw new TypeError('embedded-fields: refused script URL');
          return input;
        },
      }) ?? null;
    } catch {
      policy = null;
    }
  }
  return policy ? policy.createScriptURL(url) : url;
}
