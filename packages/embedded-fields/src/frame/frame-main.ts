/**
 * The secure card frame's entry (served by the gateway at /frames/card). It trusts exactly
 * one parent: the session's merchant origin, which the gateway writes into the document
 * (and into frame-ancestors). Penpal drops messages from any other origin or window.
 */
import { WindowMessenger, connect } from 'penpal';
import { isLocaleTag, type LocaleTag } from '@payments/core';
import type { ComponentState, Locale } from '../public-api';
import { PROTOCOL_VERSION, type FrameConfig, type FrameMethods, type HostMethods, type HostRemote } from '../shared/protocol';
import './card-form'; // registers <ef-card-form>
import type { CardForm } from './card-form';
import { createGatewayApi } from './gateway-api';
import { pay } from './payment';

const parentOrigin = document.querySelector<HTMLMetaElement>('meta[name="ef-parent-origin"]')?.content ?? '';
const params = new URLSearchParams(location.search);
const sessionId = params.get('session_id') ?? '';
const clientKey = params.get('client_key') ?? '';

function start(): void {
  if (window.parent === window || !parentOrigin) return; // only ever runs framed by its merchant
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

  const connection = connect<HostRemote>({
    messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: [parentOrigin] }),
    methods: { ...methods },
    channel: 'embedded-fields',
  });
  void connection.promise.then((remote) => {
    host = remote;
    form.addEventListener('ef-state', (event: Event) => void remote.change((event as CustomEvent<ComponentState>).detail));
    form.addEventListener('ef-resize', (event: Event) => void remote.resize((event as CustomEvent<{ height: number }>).detail.height));
    form.addEventListener('ef-focus-exit', (event: Event) => {
      // The host moves focus to the merchant page's next element; the browser's own Tab must not also move it.
      event.preventDefault();
      void remote.focusExit((event as CustomEvent<{ direction: 'forward' | 'backward' }>).detail.direction);
    });
  });
}

start();
