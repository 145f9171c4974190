/**
 * The alternative-payment-method frame's entry (served by the gateway at /frames/apm). It
 * asks the gateway which methods fit the session, renders them (list mode) or nothing
 * (headless: a redirect factory's connection), and authorizes on `submit`.
 * frame-bootstrap.ts says whom it trusts and how it connects.
 */
import { loadedMessages, type LocaleTag } from '@payments/core';
import { isApmFrameConfig, type ApmFrameMethods, type ApmHostRemote } from '../shared/protocol';
import './apm-form'; // registers <ef-apm-form>
import type { ApmForm } from './apm-form';
import { selectMethods, type OfferedMethod } from './apm-fields';
import { payWithMethod } from './apm-payment';
import { configFromUrl, drawThenConnect, placeForm, formMethods, frameEnvironment, type FrameEnvironment } from './frame-bootstrap';
import { takeDocumentCatalog } from './document-catalog';
import { createGatewayApi } from './gateway-api';
import { gatewayError } from './payment-errors';
import { fetchSessionMethods, type SessionMethods } from './session-methods';
import { applyAllowedStyles } from './style-allow-list';

function start(environment: FrameEnvironment): void {
  takeDocumentCatalog(); // the locale it opens in, from the document: no request before drawing
  const { sessionId, clientKey } = environment;
  const api = createGatewayApi(clientKey);
  // Ask for the session's methods at once, while the form is drawn and the host connects.
  const loading: Promise<SessionMethods> = fetchSessionMethods(api, sessionId);
  loading.catch(() => undefined);

  const form = document.createElement('ef-apm-form') as ApmForm;
  const config = configFromUrl(isApmFrameConfig);
  let locale: LocaleTag = 'en-US';
  let session: SessionMethods | undefined;
  let offered: OfferedMethod[] = [];

  const methods: ApmFrameMethods = {
    ...formMethods(form, (next) => {
      locale = next;
    }),
    async submit(request) {
      if (!config) return { kind: 'error', error: { code: 'not_mounted', message: 'not configured' } };
      const headless = config.mode === 'headless';
      const method = headless ? offered.find((m) => m.type === request.method) : form.selectedMethod();
      if (headless && !method) {
        return { kind: 'error', error: { code: 'payment_method_unavailable', message: loadedMessages(locale).alternativeMethods.noMethods } };
      }
      if (!headless) form.validateAll();
      form.setBusy(true);
      form.showFormMessage(null);
      try {
        const outcome = await payWithMethod(
          { api, locale, sessionId, shopper: session?.customer ?? null },
          { method, shown: headless ? [] : form.shownFields(), values: form.values(), customer: request.customer ?? {} },
        );
        // Problems of shown fields (and a missing choice) show beside them; the rest below the list.
        if (outcome.kind === 'error' && !headless) {
          const shown: string[] = form.shownFields();
          const inline = outcome.error.code === 'no_payment_method' || (outcome.error.fields?.every((f) => shown.includes(f.field)) ?? false);
          if (!inline) form.showFormMessage(outcome.error.message);
        }
        return outcome;
      } finally {
        form.setBusy(false);
      }
    },
  };

  drawThenConnect<ApmHostRemote, { height: number; methods: string[] }>(environment, form, { ...methods }, async () => {
    if (!config) throw new Error('no valid configuration');
    locale = await placeForm(form, config, (element) => applyAllowedStyles(element, config.styles));
    try {
      session = await loading;
      offered = selectMethods(session.payment_methods, config.paymentMethods);
      form.setMethods(offered, session.customer);
    } catch (error) {
      form.setMethods([], null);
      form.showFormMessage(gatewayError(error, locale).message);
    }
    await form.updateComplete;
    return { methods: offered.map((m) => m.type) };
  });
}

const environment = frameEnvironment();
if (environment) start(environment); // only ever runs framed by its merchant
