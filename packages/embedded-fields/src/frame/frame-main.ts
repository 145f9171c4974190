/**
 * The secure card frame's entry (served by the gateway at /frames/card): the card form, and
 * the methods the host calls (frame-bootstrap.ts says whom it trusts and how it connects).
 */
import { isLocaleTag, type LocaleTag } from '@payments/core';
import type { ComponentState, Locale } from '../public-api';
import { PROTOCOL_VERSION, type FrameConfig, type FrameMethods, type HostMethods, type HostRemote } from '../shared/protocol';
import './card-form'; // registers <ef-card-form>
import type { CardForm } from './card-form';
import { connectToHost, frameEnvironment, type FrameEnvironment } from './frame-bootstrap';
import { createGatewayApi } from './gateway-api';
import { pay } from './payment';

function start({ sessionId, clientKey, ...environment }: FrameEnvironment): void {
  const api = createGatewayApi(clientKey);
  // Fetch the key while the shopper types: submit then costs no extra round trip.
  void api.encryptionKey().catch(() => undefined);

  const form = document.createElement('ef-card-form') as CardForm;
  let config: FrameConfig | undefined;
  let locale: LocaleTag = 'en-US';
  let host: HostMethods | undefined;

  const methods: FrameMethods = {
    async configure(next) {
      if (next.protocolVersion !== PROTOCOL_VERSION) throw new Error(`protocol ${next.protocolVersion} is not ${PROTOCOL_VERSION}`);
      config = next;
      locale = isLocaleTag(next.locale) ? next.locale : 'en-US';
      form.config = next;
      form.locale = locale;
      document.body.append(form);
      await form.updateComplete;
      return { height: form.getBoundingClientRect().height };
    },
    setLocale(next: Locale) {
      if (!isLocaleTag(next)) return;
      locale = next;
      form.locale = next;
    },
    validate: (): ComponentState => form.validateAll(),
    getState: (): ComponentState => form.getState(),
    getHolderData: () => form.getHolderData(),
    async submit(request) {
      if (!config || !host) return { kind: 'error', error: { code: 'not_mounted', message: 'not configured' } };
      return pay({ api, host, form, config, locale, sessionId }, request.customer ?? {});
    },
    focusField: (which) => form.focusField(which),
  };

  void connectToHost<HostRemote>({ sessionId, clientKey, ...environment }, form, { ...methods }).then((remote) => {
    host = remote;
  });
}

const environment = frameEnvironment();
if (environment) start(environment); // only ever runs framed by its merchant
