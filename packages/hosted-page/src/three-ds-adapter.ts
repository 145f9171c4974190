/**
 * The hosted page's 3-D Secure adapter: the effects of the shared state machine
 * (`runThreeDs` in @payments/core, the same one the card frame runs) performed on this page
 * with the secure face's pieces. Fingerprint: the hidden-iframe method runner (the
 * notification lands on this same origin). Challenge: THE challenge dialog. Redirect and
 * form submit: the page itself leaves, and the gateway brings the shopper back to
 * /hpp/{session_id} with transaction_id and status.
 */
import type { ThreeDsAdapter } from '@payments/core';
import { openChallengeDialog, postForm, runFingerprint, type ChallengeLabels, type GatewayApi, type OpenChallenge } from '@payments/embedded-fields/secure';

export interface AdapterDeps {
  api: GatewayApi;
  labels: () => ChallengeLabels;
  /** Told just before the page navigates away (to keep the page busy, not "failed"). */
  onLeave: () => void;
  navigate?: (url: string) => void;
  submitForm?: (url: string, data: Readonly<Record<string, string>>) => void;
}

export function createHostedPageAdapter(deps: AdapterDeps): ThreeDsAdapter {
  let open: OpenChallenge | undefined;
  const navigate = deps.navigate ?? ((url: string) => location.assign(url));
  const submitForm = deps.submitForm ?? postForm;
  return {
    post: (path, body) => deps.api.post(path, body),
    runFingerprint,
    showChallenge(effect) {
      open = openChallengeDialog(effect, deps.labels());
      return open.outcome;
    },
    closeChallenge() {
      open?.close();
      open = undefined;
    },
    redirect(url) {
      deps.onLeave();
      navigate(url);
    },
    formSubmit(url, data) {
      deps.onLeave();
      submitForm(url, data);
    },
  };
}
