/**
 * The wallet and bank redirect stubs: `window[type].factory(options)` for wallet-a-redirect,
 * wallet-b-redirect, bank-network-redirect and openbanking-redirect (spec: the stub renders
 * no button and does not navigate; the host page navigates to the redirect URL returned by
 * authorize).
 *
 * A stub reaches the gateway through a hidden, headless APM frame (same origin as the API,
 * origin-pinned penpal), created on the first isAvailable() or authorize(), never by
 * factory() itself. authorize() answers the execution response; the host page then does
 * `location.assign(response.redirect.url)` itself. destroy() removes the frame, its listeners
 * and its timers at once, even while it is still opening.
 */
import { resolveLocale } from '@payments/core';
import type {
  AlternativePaymentResponse,
  Customer,
  PaymentError,
  PaymentMethodError,
  RedirectMethod,
  RedirectMethodRegistration,
  RedirectMethodType,
} from './public-api';
import { REDIRECT_FRAME_TITLE } from '../shared/protocol';
import type { SubmitOutcome } from '../shared/protocol';
import { toAlternativeResponse } from './alternative-response';
import { openApmFrame, type ApmFrame } from './apm-frame';
import { gatewayOrigin } from './gateway-origin';
import { hostMessage } from './host-messages';
import { checkOptions } from './options';

export const REDIRECT_METHOD_TYPES: readonly RedirectMethodType[] = [
  'wallet-a-redirect',
  'wallet-b-redirect',
  'bank-network-redirect',
  'openbanking-redirect',
];

function methodError(error: PaymentError): PaymentMethodError {
  return Object.assign(new Error(error.message), error, { name: 'PaymentMethodError' }) as PaymentMethodError;
}

/** An off-screen, inert holder for the headless frame: nothing to see, nothing to focus. */
function hiddenHolder(): HTMLElement {
  const holder = document.createElement('div');
  holder.setAttribute('data-embedded-fields', 'redirect-method');
  holder.setAttribute('aria-hidden', 'true');
  holder.inert = true;
  Object.assign(holder.style, { position: 'fixed', left: '-10000px', top: '0', width: '1px', height: '1px', overflow: 'hidden', border: '0' });
  document.body.append(holder);
  return holder;
}

export function createRedirectMethod(type: RedirectMethodType, rawOptions: unknown): RedirectMethod {
  const options = checkOptions(rawOptions);
  const locale = options.locale ?? resolveLocale(undefined, navigator.languages ?? [navigator.language]);
  const context = { gatewayOrigin: gatewayOrigin(options), clientKey: options.clientKey, sessionId: options.sessionId, locale };
  let holder: HTMLElement | undefined;
  let frame: Promise<ApmFrame> | undefined;
  /** The hidden frame's life: destroy() aborts it, whether the frame is open or still opening. */
  let life: AbortController | undefined;
  let inFlight: Promise<AlternativePaymentResponse> | undefined;

  const open = (): Promise<ApmFrame> => {
    if (!frame) {
      const box = (holder = hiddenHolder());
      life = new AbortController();
      const opening = openApmFrame(box, context, { change: () => undefined, resize: () => undefined, focusExit: () => undefined }, {
        mode: 'headless',
        title: REDIRECT_FRAME_TITLE,
        config: {},
        signal: life.signal,
      }).then((opened) => {
        opened.connection.iframe.tabIndex = -1;
        return opened;
      });
      frame = opening;
      opening.catch(() => {
        box.remove();
        if (frame !== opening) return; // destroyed, and perhaps opened again since
        holder = undefined;
        frame = undefined;
        life = undefined;
      });
    }
    return frame.catch((error: unknown) => {
      throw Object.assign(methodError({ code: 'frame_load_failed', message: hostMessage(locale, 'frame_load_failed') }), { cause: error });
    });
  };

  const pay = async (customer: Customer): Promise<AlternativePaymentResponse> => {
    const { connection } = await open();
    const outcome: SubmitOutcome = await connection.remote
      .submit({ customer, method: type })
      .catch((): SubmitOutcome => ({ kind: 'error', error: { code: 'frame_load_failed', message: hostMessage(locale, 'frame_load_failed') } }));
    if (outcome.kind === 'result') return toAlternativeResponse(outcome.response);
    if (outcome.kind === 'error') throw methodError(outcome.error);
    throw methodError({ code: 'gateway_error', message: hostMessage(locale, 'frame_load_failed') });
  };

  return Object.freeze({
    type,
    async isAvailable(): Promise<boolean> {
      try {
        return (await open()).methods.includes(type);
      } catch {
        return false;
      }
    },
    authorize(authorizeOptions?: { customer?: Customer }): Promise<AlternativePaymentResponse> {
      // A second call while one is in flight joins it: one transaction.
      inFlight ??= pay(authorizeOptions?.customer ?? {}).finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    destroy(): void {
      life?.abort(new Error('the redirect method was destroyed'));
      holder?.remove();
      holder = undefined;
      frame = undefined;
      life = undefined;
    },
  });
}

/** Registers `window[type] = {factory}` for each redirect method type. */
export function registerRedirectFactories(target: Window): void {
  for (const type of REDIRECT_METHOD_TYPES) {
    const registration: RedirectMethodRegistration = Object.freeze({ factory: (options: unknown) => createRedirectMethod(type, options) });
    target[type] = registration;
  }
}
