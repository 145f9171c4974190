/**
 * The hosted page's 3-D Secure adapter: the effects of the shared state machine
 * (`runThreeDs` in @payments/core, the same one the card component runs) performed on this
 * page. Fingerprint: the card frame's hidden-iframe method runner (the notification lands
 * on this same origin). Challenge: the page's modal dialog. Redirect and form submit: the
 * page itself leaves, and the gateway brings the shopper back to /hpp/{session_id} with
 * transaction_id and status.
 */
import type { ThreeDsAdapter } from '@payments/core';
import { runFingerprint } from '@payments/embedded-fields/fingerprint';
import type { GatewayApi } from '@payments/embedded-fields/gateway-api';
import { openChallengeDialog, type ChallengeLabels, type OpenChallenge } from '@payments/embedded-fields/challenge-dialog';

export interface AdapterDeps {
  api: GatewayApi;
  labels: () => ChallengeLabels;
  /** Told just before the page navigates away (to keep the page busy, not "failed"). */
  onLeave: () => void;
  navigate?: (url: string) => void;
}

export function createHostedPageAdapter(deps: AdapterDeps): ThreeDsAdapter {
  let open: OpenChallenge | undefined;
  const navigate = deps.navigate ?? ((url: string) => location.assign(url));
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

/** Posts a hidden form top-level (the 3-D Secure form-submit step). */
export function submitForm(url: string, data: Readonly<Record<string, string>>): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url;
  form.className = 'hidden';
  for (const [name, value] of Object.entries(data)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
