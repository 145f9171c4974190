/**
 * Opens the alternative-method frame (/frames/apm), configured by its URL's fragment: the list the
 * alternative-payment-method component shows, or the hidden, headless connection of a
 * redirect factory. The host exposes only change, resize and focusExit to this frame: it
 * has no way to ask the merchant page to navigate or to open anything.
 */
import type { ComponentConfig, Locale } from './public-api';
import { APM_FRAME_PATH, PROTOCOL_VERSION, isApmReadyReport, type ApmFrameConfig, type ApmFrameRemote, type ApmHostMethods } from '../shared/protocol';
import { openFrame, type FrameConnection } from './frame-connection';

export interface ApmFrameContext {
  gatewayOrigin: string;
  clientKey: string;
  sessionId: string;
  locale: Locale;
}

export interface ApmFrame {
  connection: FrameConnection<ApmFrameRemote>;
  /** The method types the frame offers (after the merchant's paymentMethods filter). */
  methods: string[];
  height: number;
}

export async function openApmFrame(
  container: HTMLElement,
  context: ApmFrameContext,
  host: ApmHostMethods,
  /** `signal`: the frame's life (openFrame). */
  options: { mode: ApmFrameConfig['mode']; title: string; config: ComponentConfig; signal?: AbortSignal },
): Promise<ApmFrame> {
  const customer = options.config.customerConfig ?? {};
  const config: ApmFrameConfig = {
    protocolVersion: PROTOCOL_VERSION,
    mode: options.mode,
    locale: context.locale,
    customerConfig: { hasHolderName: customer.hasHolderName === true, hasHolderEmail: customer.hasHolderEmail === true },
    styles: options.config.styles ?? {},
    paymentMethods: options.config.paymentMethods ? [...options.config.paymentMethods] : null,
  };
  const { drawn, ...connection } = await openFrame<ApmFrameRemote, { height: number; methods: string[] }>(
    container,
    { gatewayOrigin: context.gatewayOrigin, path: APM_FRAME_PATH, sessionId: context.sessionId, clientKey: context.clientKey, locale: context.locale, config, title: options.title },
    host,
    (report) => (isApmReadyReport(report) ? report : undefined),
    options.signal,
  );
  return { connection, methods: drawn.methods, height: drawn.height };
}
