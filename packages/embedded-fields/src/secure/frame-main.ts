/**
 * The secure card frame's entry (served by the gateway at /frames/card): the card form, and
 * the methods the host calls (frame-bootstrap.ts says whom it trusts and how it connects).
 *
 * Until ready the frame loads only what draws the form, and one catalog; the form's stylesheet
 * and the merchant's allowed styles come in the gateway's first view, or as chunks where the
 * document has none (card-frame-styles.ts: the allow-list too). The form's rules
 * (formatting, validation, the brands: card-rules.ts) load as the ready report leaves, like
 * penpal, long before a shopper's first key; keys that come sooner wait in the inputs
 * (card-form.ts). The brands' marks, the payment code (encryption, 3-D Secure, error
 * wording) and the encryption key load when the shopper first focuses a field, so they are
 * there before the shopper can type a brand or submit, without delaying the form; a submit,
 * validate or getState that comes first (a merchant's script) waits for what it needs.
 *
 * The gateway's preload document runs this script too, to draw a form once before any mount
 * (rehearsal.ts).
 */
import { loadedMessages, type LocaleTag } from '@payments/core';
import { isFrameConfig, isFrameUpdate, type FrameMethods, type HostMethods, type HostRemote } from '../shared/protocol';
import './card-form'; // registers <ef-card-form>
import type { CardForm } from './card-form';
import { configFromUrl, configuredLocale, drawThenConnect, firstViewElement, placeForm, formMethods, frameEnvironment, type FrameEnvironment } from './frame-bootstrap';
import { enterTypedCard, readTypedCard, type TypedCard } from './first-view/take-over';
import { takeDocumentCatalog } from './document-catalog';
import { loadFormMessages } from './form-messages';
import { loadBrandMarks } from './card-marks';
import { cardRulesFrom, loadCardRules } from './card-rules-loader';
import { loadStyleAllowList, styleCardFrame } from './card-frame-styles';
import { isRehearsal, rehearse } from './rehearsal';
import { retriedImport } from './retried-import';
import type { GatewayApi } from './gateway-api';
import type { SplitFrame } from './split-frame';
import type { pay } from './payment';

/**
 * Split fields' group (split-frame.ts, card-group.ts): its own chunk, loaded only by a frame of
 * split fields, as the frame's script starts (after the first view's ready report): the
 * one-frame card never downloads it.
 */
const loadSplitFrame = retriedImport(() => import('./split-frame'));

function start(environment: FrameEnvironment): void {
  takeDocumentCatalog(); // the locale it opens in, from the document: no request before drawing
  cardRulesFrom(() => import('./card-rules')); // loaded as the ready report leaves (below)
  const config = configFromUrl(isFrameConfig);
  // The gateway drew the form into the document and reported it ready (first-view/), its
  // stylesheet and the merchant's allowed styles with it; without a first view, the
  // stylesheet's chunk is asked for now, and the allow-list's if there are styles.
  const firstView = firstViewElement();
  const styled = styleCardFrame(firstView !== null, config?.styles);
  const { sessionId, clientKey } = environment;
  let payment: Promise<{ pay: typeof pay; api: GatewayApi }> | undefined;
  const loadPayment = () => {
    payment ??= import('./payment').then(
      (module) => {
        const api = module.createGatewayApi(clientKey);
        void api.encryptionKey().catch(() => undefined);
        return { pay: module.pay, api };
      },
      (error: unknown) => {
        payment = undefined; // a failed load is tried again on submit
        throw error;
      },
    );
    return payment;
  };

  const form = document.createElement('ef-card-form') as CardForm;
  // The shopper is here: what typing and paying need next (the brands' marks, the payment code, the key).
  form.addEventListener(
    'focusin',
    () => {
      void loadCardRules().catch(() => undefined);
      void loadBrandMarks().catch(() => undefined);
      void loadPayment().catch(() => undefined);
    },
    { once: true },
  );
  let locale: LocaleTag = 'en-US';
  // A split frame joins its group as its script starts; a failed load is tried again on submit.
  let joining: Promise<SplitFrame | undefined> | undefined;
  const joinGroup = (): Promise<SplitFrame | undefined> | undefined => {
    if (!config?.split) return undefined;
    joining ??= loadSplitFrame().then(
      (module) => module.joinSplitFields(form, config, sessionId, () => locale),
      (error: unknown) => {
        joining = undefined;
        throw error;
      },
    );
    return joining;
  };
  void joinGroup()?.catch(() => undefined);
  let host: HostMethods | undefined;

  // The answers that judge what was typed wait for the rules (without them, should they fail
  // to load, the fields are judged as empty: the form cannot pay then anyway).
  const judged = async <T>(answer: () => T): Promise<T> => {
    await loadCardRules().catch(() => undefined);
    return answer();
  };
  const common = formMethods(form, (next) => {
    locale = next;
  });
  const methods: FrameMethods = {
    ...common,
    validate: () => judged(common.validate),
    getState: () => judged(common.getState),
    getHolderData: () => judged(common.getHolderData),
    async update(change) {
      const current = form.config;
      if (!current || !isFrameUpdate(change)) return;
      const { customerConfig, styles, translations, hideLabels } = change;
      // The allow-list's chunk (a first view's document has none: card-frame-styles.ts) beside
      // the translations; should it fail to load twice, nothing changes and update() fails.
      const [allowList] = await Promise.all([loadStyleAllowList().catch(loadStyleAllowList), loadFormMessages(locale, translations).catch(() => undefined)]);
      allowList.applyAllowedStyles(form, styles);
      form.config = { ...current, customerConfig, styles, translations, hideLabels };
    },
    async submit(request) {
      if (!config || !host || (config.split && config.split.field !== 'number')) return { kind: 'error', error: { code: 'not_mounted', message: 'not configured' } };
      let loaded: Awaited<ReturnType<typeof loadPayment>>;
      let split: SplitFrame | undefined;
      try {
        await loadCardRules();
        loaded = await loadPayment();
        split = await joinGroup();
      } catch {
        const message = loadedMessages(locale).status.serviceUnavailable;
        form.showFormMessage(message);
        return { kind: 'error', error: { code: 'network_error', message } };
      }
      const notGathered = await split?.gather();
      if (notGathered) return { kind: 'error', error: notGathered };
      return loaded.pay({ api: loaded.api, host, form, config, locale, sessionId }, request.customer ?? {});
    },
  };

  // A first view: this form takes its place, in one task with what the shopper typed there
  // (no frame is painted in between, and both are the same markup).
  let typed: TypedCard | undefined;
  const place = firstView
    ? (element: HTMLElement) => {
        typed = readTypedCard(firstView);
        firstView.replaceWith(element);
      }
    : undefined;

  const connected = drawThenConnect<HostRemote, { height: number }>(
    environment,
    form,
    { ...methods },
    async () => {
      if (!config) throw new Error('no valid configuration');
      // A saved card shows its brand at once: its mark and the brands' table (in the rules) are part of ready.
      if (config.component === 'saved-card') await Promise.all([loadBrandMarks().catch(() => undefined), loadCardRules()]);
      // The merchant's translations (their layer loads only if there are any); without it the catalog's words show.
      await loadFormMessages(configuredLocale(config), config.translations).catch(() => undefined);
      const style = await styled();
      locale = await placeForm(form, config, style, place);
      await form.updateComplete;
      return {};
    },
    () => {
      // What was typed in the first view, entered once the form's events reach the host (held until the rules are here).
      if (typed) enterTypedCard(form, typed);
      void loadCardRules().catch(() => undefined); // the form's rules, as the report leaves (a failed load is tried again at the first key or focus)
    },
    { reported: firstView !== null },
  );
  connected.then(
    (remote) => {
      host = remote;
    },
    () => undefined, // the host went away
  );
}

const environment = frameEnvironment();
if (environment) start(environment); // only ever runs framed by its merchant
else if (isRehearsal()) void rehearse(takeDocumentCatalog() ?? 'en-US').catch(() => undefined); // the preload document (rehearsal.ts)
