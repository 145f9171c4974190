/**
 * The alternative-payment-method component as the merchant sees it: mounts the APM frame
 * (the methods the gateway offers for the session), forwards calls, relays states (never
 * values), and hands the execution response to the callback. It never navigates: for a
 * redirect the host page sends the browser to `response.redirect.url` (spec).
 */
import type {
  AlternativePaymentCallback,
  AlternativePaymentComponentElement,
  AlternativePaymentResponse,
  ComponentConfig,
  ComponentState,
  Customer,
  Locale,
} from './public-api';
import type { ApmFrameRemote, ApmSubmitRequest } from '../shared/protocol';
import { hostMessage } from './host-messages';
import { toAlternativeResponse } from './alternative-response';
import { openApmFrame, type ApmFrameContext } from './apm-frame';
import type { FrameConnection } from './frame-connection';
import type { MountPlace } from './mount-target';
import { FramedComponent, paymentCallback, type ComponentRegistry } from './framed-component';

const EMPTY_STATE: ComponentState = { valid: false, brand: null, fields: {}, method: null };

export class AlternativeMethodComponent extends FramedComponent<ApmSubmitRequest> implements AlternativePaymentComponentElement {
  constructor(
    private readonly config: ComponentConfig,
    private readonly context: ApmFrameContext,
    registry: ComponentRegistry,
  ) {
    super(config, context.locale, EMPTY_STATE, registry, 'alternative-payment-method', 'ef-apm');
  }

  protected async connect(place: MountPlace, signal: AbortSignal): Promise<{ frame: FrameConnection<ApmFrameRemote>; height: number }> {
    if (place.split) throw new Error('split fields are for the card component'); // mount() refused them already
    const { connection, height } = await openApmFrame(place.container, { ...this.context, locale: this.locale }, this.commonHostMethods(), {
      mode: 'list',
      title: this.frameTitle(this.locale),
      config: this.config,
      signal,
    });
    return { frame: connection, height };
  }

  /** The payment-method frame's title follows the locale, as the card frame's does. */
  protected override frameTitle(locale: Locale): string {
    return hostMessage(locale, 'apm_frame_title');
  }

  submitPayment(options: { customer?: Customer; callback?: AlternativePaymentCallback } = {}): Promise<AlternativePaymentResponse> {
    return this.pay({ customer: options.customer ?? {} }, toAlternativeResponse, paymentCallback(options));
  }
}
