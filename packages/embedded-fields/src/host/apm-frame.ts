/**
 * Opens the alternative-method frame (/frames/apm) and configures it: the list the
 * alternative-payment-method component shows, or the hidden, headless connection of a
 * redirect factory. The host exposes only change, resize and focusExit to this frame: it
 * has no way to ask the merchant page to navigate or to open anything.
 */
import type { ComponentConfig, Locale } from './public-api';
import { APM_FRAME_PATH, type ApmFrameConfig, type ApmFrameRemote, type ApmHostMethods } from '../shared/protocol';
import { PROTOCOL_VERSION } from '../shared/protocol';
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
  options: { mode: ApmFrameConfig['mode']; title: string; config: ComponentConfig },
): Promise<ApmFrame> {
  const connection = await openFrame<ApmFrameRemote>(
    container,
    { gatewayOrigin: context.gatewayOrigin, path: APM_FRAME_PATH, sessionId: context.sessionId, clientKey: context.clientKey, locale: context.locale, title: options.title },
    host,
  );
  try {
    const customer = options.config.customerConfig ?? {};
    const { height, methods } = await connection.remote.configure({
      protocolVersion: PROTOCOL_VERSION,
      mode: options.mode,
      locale: context.locale,
      customerConfig: { hasHolderName: customer.hasHolderName === true, hasHolderEmail: customer.hasHolderEmail === true },
      styles: options.config.styles ?? {},
      paymentMethods: options.config.paymentMethods ? [...options.config.paymentMethods] : null,
    });
    return { connection, methods, height };
  } catch (error) {
    connection.destroy();
    throw error;
  }
}
