/**
 * The card and saved-card components as the merchant sees them. Everything about card data
 * happens in the frame (/frames/card); on top of what every framed component does
 * (framed-component.ts), this side shows the challenge modal and leaves the page when
 * 3-D Secure needs the whole window.
 */
import type { ExecutionResponse } from '@payments/core';
import type {
  ComponentConfig,
  ComponentState,
  ComponentType,
  ComponentUpdate,
  CustomerConfig,
  Locale,
  PaymentComponentElement,
  PaymentResponse,
  SubmitPaymentOptions,
  Transaction,
} from './public-api';
import {
  CARD_FRAME_PATH,
  PROTOCOL_VERSION,
  isReadyReport,
  type FrameConfig,
  type FrameRemote,
  type HostMethods,
  type SubmitRequest,
} from '../shared/protocol';
import type { MountPlace } from './mount-target';
import { openSplitFields } from './split-fields';
import { frameUpdate, updatedOptions } from './component-update';
import { shownCardFields } from './mount-target';
import { PaymentComponentError } from './options';
import type { ChallengeOutcome, OpenChallenge } from '../shared/challenge-dialog';
import { openFrame } from './frame-connection';
import { FramedComponent, paymentCallback, type ComponentRegistry, type MountedFrame } from './framed-component';
import { scriptLoadedFrom } from './gateway-origin';
import { hostMessage } from './host-messages';
import { loadPaymentActions, type PaymentActions } from './payment-actions';

export interface ComponentContext {
  gatewayOrigin: string;
  clientKey: string;
  sessionId: string;
  locale: Locale;
}

const EMPTY_STATE: ComponentState = { valid: false, brand: null, fields: {} };

export class CardComponent extends FramedComponent<SubmitRequest> implements PaymentComponentElement {
  private challenge: OpenChallenge | undefined;
  /** Counts challenges opened and closed: a close while the dialog's code loads cancels that open. */
  private challengeTurn = 0;

  constructor(
    private readonly type: Extract<ComponentType, 'card' | 'saved-card'>,
    private config: ComponentConfig,
    private readonly context: ComponentContext,
    registry: ComponentRegistry,
    /** The options as the merchant gave them to create() (update() merges into these). */
    private given: ComponentConfig = config,
  ) {
    super(config, context.locale, EMPTY_STATE, registry, type, 'ef-card');
  }

  /**
   * Changes theme, styles, translations, customerConfig or hideLabels in the open frame (or
   * frames): the same iframe, what was typed kept; a field customerConfig now hides is
   * cleared, one it now shows appears. Split fields cannot grow or lose a field this way (each
   * needs its container): that is a PaymentComponentError naming the field.
   */
  update(options: ComponentUpdate): Promise<void> {
    const { given, checked } = updatedOptions(this.type, this.given, options);
    const place = this.mountedPlace();
    if (place?.split) {
      const now = shownCardFields(checked.customerConfig);
      const changed = [...now.filter((field) => !place.containers.has(field)), ...[...place.containers.keys()].filter((field) => !now.includes(field))];
      if (changed.length > 0) {
        throw new PaymentComponentError(`PaymentComponent: update({ customerConfig }) would show or hide the ${changed[0]} field of split fields: mount() again with its containers`);
      }
    }
    this.given = given;
    this.config = checked;
    const change = frameUpdate(checked);
    // Mounting: the frame opened with the old options; it gets the new ones once it is there.
    return (this.mountedFrame() ?? Promise.resolve(undefined)).then((frame) => frame?.update?.(change));
  }

  protected override readonly splits = true;

  protected override get customerConfig(): CustomerConfig | undefined {
    return this.type === 'card' ? (this.config.customerConfig ?? {}) : undefined;
  }

  protected async connect(place: MountPlace, signal: AbortSignal): Promise<{ frame: MountedFrame<SubmitRequest>; height: number }> {
    const methods = this.hostMethods();
    const open = (container: HTMLElement, config: FrameConfig, hostMethods: HostMethods, title: string, life: AbortSignal) =>
      openFrame<FrameRemote, { height: number }>(
        container,
        {
          gatewayOrigin: this.context.gatewayOrigin,
          path: CARD_FRAME_PATH,
          sessionId: this.context.sessionId,
          clientKey: this.context.clientKey,
          locale: this.locale,
          config,
          allow: 'payment',
          title,
          // Split fields: every frame's document drawn by the gateway, none carrying the entry (one shared download).
          ...(config.split ? { inlineEntry: false } : {}),
        },
        hostMethods,
        (report) => (isReadyReport(report) ? report : undefined),
        life,
      );
    if (place.split) {
      const frame = await openSplitFields(place.containers, this.frameConfig(), methods, this.locale, open, signal);
      return { frame, height: 0 };
    }
    const frame = await open(place.container, this.frameConfig(), methods, this.frameTitle(this.locale), signal);
    return { frame, height: frame.drawn.height };
  }

  /** What the card frame may ask of the page: the common calls, the challenge and leaving the page. */
  private hostMethods(): HostMethods {
    const common = this.commonHostMethods();
    return {
      ...common,
      fieldFocus: (change) => {
        // The shopper is in the form: fetch what a payment may need on this page now.
        this.paymentActions().catch(() => undefined);
        common.fieldFocus(change);
      },
      showChallenge: async (request, labels): Promise<ChallengeOutcome> => {
        this.challenge?.close();
        this.challenge = undefined;
        const turn = ++this.challengeTurn;
        const { openChallengeDialog } = await this.paymentActions();
        if (turn !== this.challengeTurn) return { kind: 'closed' };
        this.challenge = openChallengeDialog(request, labels);
        return this.challenge.outcome;
      },
      closeChallenge: () => {
        this.challengeTurn++;
        this.challenge?.close();
      },
      navigate: async (request) => {
        const { navigate } = await this.paymentActions();
        const allowHttp = new URL(this.context.gatewayOrigin).protocol === 'http:';
        if (!navigate(request, allowHttp)) throw new Error('refused to navigate to an unsafe URL');
      },
    };
  }

  private paymentActions(): Promise<PaymentActions> {
    return loadPaymentActions(scriptLoadedFrom() ?? this.context.gatewayOrigin);
  }

  private frameConfig(): FrameConfig {
    const customer = this.config.customerConfig ?? {};
    const saved = this.config.componentConfig?.data;
    return {
      protocolVersion: PROTOCOL_VERSION,
      component: this.type,
      locale: this.locale,
      customerConfig: {
        hasHolderName: customer.hasHolderName === true,
        holderNameRequired: customer.hasHolderName === true && customer.holderNameRequired === true,
        hasHolderEmail: customer.hasHolderEmail === true,
        holderEmailRequired: customer.hasHolderEmail === true && customer.holderEmailRequired === true,
      },
      styles: this.config.styles ?? {},
      saveCard: this.config.saveCard?.offer
        ? { offer: true, tokenizeFor: this.config.saveCard.tokenizeFor ?? 'CUSTOMER_INITIATED_TRANSACTION' }
        : null,
      savedCard: this.type === 'saved-card' && saved ? { ...saved } : null,
      translations: this.config.translations ?? {},
      ...(this.config.preferredNetworks ? { preferredNetworks: [...this.config.preferredNetworks] } : {}),
      ...(this.config.hideLabels === true ? { hideLabels: true } : {}),
    };
  }

  /** The card frame's title follows the locale (the catalog's frameTitle). */
  protected override frameTitle(locale: Locale): string {
    return hostMessage(locale, 'frame_title');
  }

  protected override teardown(): void {
    this.challenge?.close();
    super.teardown();
  }

  submitPayment(options: SubmitPaymentOptions = {}): Promise<PaymentResponse> {
    return this.pay({ customer: options.customer ?? {} }, toPaymentResponse, paymentCallback(options));
  }
}


function toPaymentResponse(response: ExecutionResponse): PaymentResponse {
  const transaction = response.result as unknown as Transaction;
  if (transaction.approved === true) return { approved: true, status: 'APPROVED', transaction };
  return { approved: false, status: transaction.status === 'APPROVED' ? 'DECLINED' : transaction.status, transaction };
}
