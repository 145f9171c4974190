/**
 * The secure card frame's entry (served by the gateway at /frames/card): the card form, and
 * the methods the host calls (frame-bootstrap.ts says whom it trusts and how it connects).
 */
import type { LocaleTag } from '@payments/core';
import type { FrameConfig, FrameMethods, HostMethods, HostRemote } from '../shared/protocol';
import './card-form'; // registers <ef-card-form>
import type { CardForm } from './card-form';
import { connectToHost, placeForm, formMethods, frameEnvironment, type FrameEnvironment } from './frame-bootstrap';
import { createGatewayApi } from './gateway-api';
import { pay } from './payment';

function start(environment: FrameEnvironment): void {
  const { sessionId, clientKey } = environment;
  const api = createGatewayApi(clientKey);
  // Fetch the key while the shopper types: submit then costs no extra round trip.
  void api.encryptionKey().catch(() => undefined);

  const form = document.createElement('ef-card-form') as CardForm;
  let config: FrameConfig | undefined;
  let locale: LocaleTag = 'en-US';
  let host: HostMethods | undefined;

  const methods: FrameMethods = {
    ...formMethods(form, (next) => {
      locale = next;
    }),
    async configure(next) {
      locale = placeForm(form, next);
      config = next;
      await form.updateComplete;
      return { height: form.getBoundingClientRect().height };
    },
    async submit(request) {
      if (!config || !host) return { kind: 'error', error: { code: 'not_mounted', message: 'not configured' } };
      return pay({ api, host, form, config, locale, sessionId }, request.customer ?? {});
    },
  };

  void connectToHost<HostRemote>(environment, form, { ...methods }).then((remote) => {
    host = remote;
  });
}

const environment = frameEnvironment();
if (environment) start(environment); // only ever runs framed by its merchant
