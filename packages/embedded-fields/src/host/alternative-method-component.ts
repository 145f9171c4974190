/**
 * The alternative-payment-method component as the merchant sees it: mounts the APM frame
 * (the methods the gateway offers for the session), forwards calls, relays states (never
 * values), and hands the execution response to the callback. It never navigates: for a
 * redirect the host page sends the browser to `response.redirect.url` (spec).
 */
import type { AlternativePaymentCallback, AlternativePaymentComponentElement, ComponentConfig, ComponentState, Customer } from './public-api';
import { APM_FRAME_TITLE, type ApmFrameRemote, type ApmSubmitRequest } from '../shared/protocol';
import { toAlternativeResponse } from './alternative-response';
import { openApmFrame, type ApmFrameContext } from './apm-frame';
import type { FrameConnection } from './frame-connection';
import { FramedComponent } from './framed-component';
import { PaymentComponentError } from './options';

const EMPTY_STATE: ComponentState = { valid: false, brand: null, fields: {}, method: null };

export class AlternativeMethodComponent extends FramedComponent<ApmSubmitRequest> implements AlternativePaymentComponentElement {
  constructor(
    private readonly config: ComponentConfig,
    private readonly context: ApmFrameContext,
    onUnmount: (component: AlternativeMethodComponent) => void,
  ) {
    super(config, context.locale, EMPTY_STATE, () => onUnmount(this));
  }

  protected async connect(container: HTMLElement): Promise<{ frame: FrameConnection<ApmFrameRemote>; height: number }> {
    const { connection, height } = await openApmFrame(container, { ...this.context, locale: this.locale }, this.commonHostMethods(), {
      mode: 'list',
      title: APM_FRAME_TITLE,
      config: this.config,
    });
    return { frame: connection, height };
  }

  submitPayment(options: { customer?: Customer; callback: AlternativePaymentCallback }): void {
    const callback = typeof options?.callback === 'function' ? options.callback : undefined;
    if (!callback) throw new PaymentComponentError('PaymentComponent: submitPayment({callback}) needs a callback function');
    void this.submitOnce({ customer: options.customer ?? {} }).then((outcome) => {
      if (outcome.kind === 'result') callback(toAlternativeResponse(outcome.response), null);
      else if (outcome.kind === 'error') callback(null, this.fail(outcome.error));
    });
  }
}
