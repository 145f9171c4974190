/**
 * Dev harness for <ef-card-form>: `npx vite packages/embedded-fields/dev`, then open
 * /card-form.html. The form sits in a clipped box standing in for the iframe; the controls
 * rebuild it with another config. Every setting is also a URL parameter, so a screenshot
 * script can open a state directly:
 *   component=card|saved-card  name=off|optional|required  email=off|optional|required
 *   save=1  locale=en-US|bs-BA|ro-RO|sv-SE  width=320  theme=default|custom|dark  shot=1
 * The log shows events; card values are never logged (readCardData shows last 4 only).
 */
import { LOCALE_NAMES, LOCALES, isLocaleTag, type LocaleTag } from '@payments/core';
import { html, render } from 'lit';
import type { FieldStyles } from '../src/shared/payment-types';
import type { FrameConfig } from '../src/shared/protocol';
import { PROTOCOL_VERSION } from '../src/shared/protocol';
import '../src/secure/card-form';
import '../src/secure/card-rules-at-once'; // the rules at once (the card frame and the hosted page load them later)
import { adoptCardFormStylesheets } from '../src/secure/card-form-stylesheets';
import { applyAllowedStyles } from '../src/secure/style-allow-list';
import type { CardForm } from '../src/secure/card-form';

type Optional = 'off' | 'optional' | 'required';

interface HarnessSettings {
  component: 'card' | 'saved-card';
  name: Optional;
  email: Optional;
  save: boolean;
  locale: LocaleTag;
  width: number;
  theme: 'default' | 'custom' | 'dark';
  shot: boolean;
}

const THEMES: Record<HarnessSettings['theme'], FieldStyles> = {
  default: {},
  custom: {
    '--ef-font-family': '"Georgia", serif',
    '--ef-color-focus': '#7c3aed',
    '--ef-radius': '2px',
    '--ef-color-border': '#6b7280',
    // Dropped by the allow-list: proves a hostile value never lands.
    '--ef-color-text': 'red; background:url(https://evil.example/x)',
  },
  dark: {
    '--ef-color-text': '#f3f4f6',
    '--ef-color-label': '#d1d5db',
    '--ef-color-placeholder': '#9ca3af',
    '--ef-color-background': '#111318',
    '--ef-color-border': '#6b7280',
    '--ef-color-focus': '#8ab4ff',
    '--ef-color-error': '#ff8a9a',
  },
};

adoptCardFormStylesheets(document); // the element adopts none: the card frame's document brings them
const params = new URLSearchParams(location.search);
const optional = (value: string | null): Optional => (value === 'optional' || value === 'required' ? value : 'off');
const settings: HarnessSettings = {
  component: params.get('component') === 'saved-card' ? 'saved-card' : 'card',
  name: optional(params.get('name')),
  email: optional(params.get('email')),
  save: params.get('save') === '1',
  locale: isLocaleTag(params.get('locale')) ? (params.get('locale') as LocaleTag) : 'en-US',
  width: Number(params.get('width')) || 420,
  theme: params.get('theme') === 'custom' ? 'custom' : params.get('theme') === 'dark' ? 'dark' : 'default',
  shot: params.get('shot') === '1',
};

const lines: string[] = [];
let drawn = false;
function log(line: string): void {
  lines.unshift(`${new Date().toISOString().slice(11, 23)} ${line}`);
  lines.length = Math.min(lines.length, 200);
  if (drawn) draw();
}

function frameConfig(): FrameConfig {
  return {
    protocolVersion: PROTOCOL_VERSION,
    component: settings.component,
    locale: settings.locale,
    customerConfig: {
      hasHolderName: settings.name !== 'off',
      holderNameRequired: settings.name === 'required',
      hasHolderEmail: settings.email !== 'off',
      holderEmailRequired: settings.email === 'required',
    },
    styles: THEMES[settings.theme],
    saveCard: settings.save ? { offer: true, tokenizeFor: 'CUSTOMER_INITIATED_TRANSACTION' } : null,
    savedCard:
      settings.component === 'saved-card'
        ? { paymentMethodId: 'pm_test_123', maskedPan: '400000******0002', expirationDate: '1230', cardBrand: 'VISA' }
        : null,
  };
}

let form = createForm();

function createForm(): CardForm {
  const element = document.createElement('ef-card-form');
  element.addEventListener('ef-state', (event) => log(`ef-state ${JSON.stringify(event.detail)}`));
  element.addEventListener('ef-resize', (event) => log(`ef-resize ${event.detail.height}px`));
  element.addEventListener('ef-submit', () => log('ef-submit'));
  element.addEventListener('ef-focus-exit', (event) => {
    // What the host does: take focus to the element before or after the frame.
    event.preventDefault();
    log(`ef-focus-exit ${event.detail.direction}`);
    document.getElementById(event.detail.direction === 'forward' ? 'after-frame' : 'before-frame')?.focus();
  });
  const config = frameConfig();
  element.config = config;
  applyAllowedStyles(element, config.styles); // as the frame does (frame-bootstrap.ts)
  return element;
}

function rebuild(): void {
  form.remove();
  form = createForm();
  const url = new URL(location.href);
  url.search = new URLSearchParams({
    component: settings.component,
    name: settings.name,
    email: settings.email,
    save: settings.save ? '1' : '0',
    locale: settings.locale,
    width: String(settings.width),
    theme: settings.theme,
  }).toString();
  history.replaceState(null, '', url);
  draw();
}

function readCard(): void {
  const data = form.readCardData();
  log(
    data
      ? `readCardData: number …${data.number.slice(-4)}, expiry ${data.expiryMonth}/${data.expiryYear}, cvv ${'•'.repeat(data.cvv.length)}, saveCard ${data.saveCard}`
      : 'readCardData: undefined',
  );
}

let busy = false;
let message = false;

function draw(): void {
  const select = <K extends keyof HarnessSettings>(key: K, options: readonly HarnessSettings[K][], label: string) =>
    html`<label
      >${label}
      <select
        @change=${(event: Event) => {
          const value = (event.target as HTMLSelectElement).value;
          settings[key] = (typeof settings[key] === 'number' ? Number(value) : value) as HarnessSettings[K];
          if (key === 'locale') form.locale = settings.locale;
          else rebuild();
        }}
      >
        ${options.map((option) => html`<option .value=${String(option)} ?selected=${option === settings[key]}>${String(option)}</option>`)}
      </select></label
    >`;

  render(
    html`<h1>&lt;ef-card-form&gt; harness</h1>
      <div class="harness">
        <div class="controls">
          ${select('component', ['card', 'saved-card'], 'Component')} ${select('name', ['off', 'optional', 'required'], 'Holder name')}
          ${select('email', ['off', 'optional', 'required'], 'Email')}
          <label
            >Offer save card
            <input
              type="checkbox"
              .checked=${settings.save}
              @change=${(event: Event) => {
                settings.save = (event.target as HTMLInputElement).checked;
                rebuild();
              }}
          /></label>
          <label
            >Locale
            <select
              @change=${(event: Event) => {
                const value = (event.target as HTMLSelectElement).value;
                if (isLocaleTag(value)) {
                  settings.locale = value;
                  form.locale = value;
                  draw();
                }
              }}
            >
              ${LOCALES.map((tag) => html`<option .value=${tag} ?selected=${tag === settings.locale}>${LOCALE_NAMES[tag]} (${tag})</option>`)}
            </select></label
          >
          ${select('width', [280, 320, 420, 600], 'Frame width')} ${select('theme', ['default', 'custom', 'dark'], 'Theme')}
          <div class="buttons">
            <button id="before-frame" type="button" @click=${() => log(`validateAll ${JSON.stringify(form.validateAll())}`)}>validateAll</button>
            <button type="button" @click=${() => log(`getHolderData ${JSON.stringify(form.getHolderData())}`)}>getHolderData</button>
            <button type="button" @click=${readCard}>readCardData</button>
            <button
              type="button"
              @click=${() => {
                busy = !busy;
                form.setBusy(busy);
              }}
            >
              toggle busy
            </button>
            <button
              type="button"
              @click=${() => {
                message = !message;
                form.showFormMessage(message ? 'Your card was declined. Try another card.' : null);
              }}
            >
              toggle message
            </button>
            <button type="button" @click=${() => form.focusField('first')}>focus first</button>
            <button id="after-frame" type="button" @click=${() => form.focusField('last')}>focus last</button>
          </div>
        </div>
        <div class="frame ${settings.theme === 'dark' ? 'dark' : ''}">
          <div class="frame-inner" id="frame" style="width:${settings.width}px">${form}</div>
        </div>
        <pre class="log" aria-label="Event log">${lines.join('\n')}</pre>
      </div>`,
    document.getElementById('app')!,
  );
}

if (settings.shot) document.body.classList.add('shot');
draw();
drawn = true;
