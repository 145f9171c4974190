/**
 * The merchant developer's API of the card component (issue #16), in real Chromium with the
 * frame on another site (merchant on localhost, gateway on 127.0.0.1) and the real mock
 * gateway: on/off events in order, the state classes on the container, submitPayment's
 * promise beside its callback, the theme and translations inside the frame, and the
 * environment / gatewayUrl choice of gateway.
 */
import { TEST_CARDS } from '@payments/testing';
import { expect } from './fixtures';
import { developerTest as test } from './fixtures/developer';
import { sequence } from './models/developer-page';


const cardOf = (scenario: string) => TEST_CARDS.find((c) => c.scenario === scenario && c.network === 1)!.number;

test.describe('events: on / off', () => {
  test('ready → focus → change → blur, in order, with field and brand', async ({ developer, createSession }) => {
    await developer.open((await createSession()).id);
    await developer.field('number').click();
    await developer.field('number').pressSequentially('4242');
    await developer.leaveFrame();
    const { log } = await developer.events((l) => l.log.some((e) => e.name === 'blur'));
    expect(sequence(log.filter((e) => e.name !== 'brand'))).toEqual(['ready', 'focus', 'change', 'blur']);
    expect(log[0]).toEqual({ name: 'ready', payload: { type: 'card' } });
    expect(log.find((e) => e.name === 'focus')?.payload).toEqual({ field: 'number' });
    expect(log.find((e) => e.name === 'blur')?.payload).toEqual({ field: 'number' });
    expect(log.filter((e) => e.name === 'brand').map((e) => e.payload)).toEqual([{ brand: 'visa' }]);
  });

  test('off(event, handler) stops that handler; the others keep coming', async ({ developer, createSession, page }) => {
    await developer.open((await createSession()).id);
    await developer.field('number').pressSequentially('42');
    await developer.leaveFrame();
    // The blur comes after the typing's state changes (one channel, in order): by then every change has arrived.
    const before = (await developer.events((l) => l.log.some((e) => e.name === 'blur'))).log.filter((e) => e.name === 'change').length;
    expect(before).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Stop listening to changes' }).click();
    await developer.field('number').pressSequentially('42 4242');
    await developer.leaveFrame();
    const { log } = await developer.events((l) => l.log.filter((e) => e.name === 'blur').length >= 2);
    expect(log.filter((e) => e.name === 'change')).toHaveLength(before);
  });

  test('Enter in a field is a submit event; the merchant decides to pay', async ({ developer, createSession }) => {
    await developer.open((await createSession()).id);
    await developer.field('number').press('Enter');
    const { log } = await developer.events((l) => l.log.some((e) => e.name === 'submit'));
    expect(log.find((e) => e.name === 'submit')?.payload).toEqual({});
  });
});

test.describe('state classes on the container', () => {
  test('empty, focus, invalid, complete: the merchant styles around the frame with CSS alone', async ({ developer, createSession }) => {
    await developer.open((await createSession()).id);
    await expect(developer.container).toHaveClass('ef-card ef-card--empty');
    await developer.field('number').click();
    await expect(developer.container).toHaveClass(/ef-card--focus/);
    await expect(developer.container).toHaveCSS('border-top-color', 'rgb(10, 90, 212)');
    await developer.field('number').pressSequentially('4242 4242 4242 4241');
    await developer.leaveFrame();
    await expect(developer.container).toHaveClass('ef-card ef-card--invalid');
    await expect(developer.container).toHaveCSS('border-top-color', 'rgb(192, 21, 47)');
    await developer.fillCard({ number: cardOf('frictionless-approved') });
    await developer.leaveFrame();
    await expect(developer.container).toHaveClass('ef-card ef-card--complete');
    await expect(developer.container).toHaveCSS('border-top-color', 'rgb(21, 128, 61)');
  });
});

test.describe('submitPayment: promise and callback answer alike', () => {
  test('approved: resolves with the response, the callback gets the same', async ({ developer, createSession }) => {
    await developer.open((await createSession()).id);
    await developer.fillCard({ number: cardOf('frictionless-approved') });
    await developer.pay();
    const { promises, callbacks } = await developer.events((l) => l.promises.length > 0 && l.callbacks.length > 0);
    expect(promises[0]).toMatchObject({ resolved: { approved: true, status: 'APPROVED' } });
    expect(callbacks[0]).toMatchObject({ response: { approved: true, status: 'APPROVED' }, error: null });
    expect('resolved' in promises[0]! && promises[0].resolved.transaction.id).toBe(callbacks[0]!.response!.transaction.id);
  });

  test('declined: a gateway answer, so the promise resolves (approved false, DECLINED)', async ({ developer, createSession }) => {
    await developer.open((await createSession()).id);
    await developer.fillCard({ number: cardOf('insufficient-funds') });
    await developer.pay();
    const { promises, callbacks } = await developer.events((l) => l.promises.length > 0 && l.callbacks.length > 0);
    expect(promises[0]).toMatchObject({ resolved: { approved: false, status: 'DECLINED', transaction: { processing_code: '1004' } } });
    expect(callbacks[0]).toMatchObject({ response: { approved: false, status: 'DECLINED' }, error: null });
    await expect(developer.page.getByRole('status')).toHaveText('Declined DECLINED');
  });

  test('an error rejects with a PaymentFailure carrying the code; the callback and the error event get the same', async ({ developer, createSession }) => {
    await developer.open((await createSession()).id);
    await developer.pay(); // nothing typed: invalid_card, nothing sent
    const { promises, callbacks, log } = await developer.events((l) => l.promises.length > 0 && l.callbacks.length > 0);
    expect(promises[0]).toEqual({
      rejected: { isError: true, name: 'PaymentFailure', code: 'invalid_card', message: callbacks[0]!.error!.message },
    });
    expect(callbacks[0]).toMatchObject({ response: null, error: { code: 'invalid_card' } });
    expect(log.filter((e) => e.name === 'error').map((e) => (e.payload as { code: string }).code)).toEqual(['invalid_card']);
    await expect(developer.error).toContainText('invalid_card: ');
  });

  test('a second submit while one is in flight joins it: both promises answer the one transaction', async ({ developer, createSession, gateway }) => {
    const session = await createSession();
    await developer.open(session.id);
    await developer.fillCard({ number: cardOf('frictionless-approved') });
    await developer.page.getByRole('button', { name: 'Pay', exact: true }).dblclick();
    const { promises } = await developer.events((l) => l.promises.length >= 2);
    const ids = promises.map((p) => ('resolved' in p ? p.resolved.transaction.id : p.rejected.code));
    expect(ids[0]).toBe(ids[1]);
    const transactions = await gateway.request<unknown[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(session.reference)}`);
    expect(transactions).toHaveLength(1);
  });
});

const DARK = {
  colors: { text: '#e6e8ee', placeholder: '#9aa3b2', background: '#1b1f2a', border: '#4a5263', focus: '#7aa7ff', error: '#ff8a9a', label: '#c9ceda' },
  font: { family: 'Inter, system-ui, sans-serif', size: '16px' },
  radius: '10px',
  rules: { focus: { background: '#222838' }, invalid: { background: '#3a1d24' }, complete: { border: '#5fd39a' } },
};

test.describe('theme', () => {
  test('the dark theme reaches the inputs inside the frame, per state; Inter comes from the gateway', async ({ developer, createSession, gatewayUrl, page }) => {
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fontRequests.push(request.url());
    });
    await developer.open((await createSession()).id, { config: { theme: DARK } });
    const number = developer.field('number');
    await expect(number).toHaveCSS('background-color', 'rgb(27, 31, 42)');
    await expect(number).toHaveCSS('color', 'rgb(230, 232, 238)');
    await expect(number).toHaveCSS('border-top-left-radius', '10px');
    await expect(number).toHaveCSS('font-family', /^Inter, system-ui/);
    await number.click();
    await expect(number).toHaveCSS('background-color', 'rgb(34, 40, 56)'); // rules.focus
    await number.pressSequentially('4242 4242 4242 4241');
    await developer.leaveFrame();
    await expect(number).toHaveCSS('background-color', 'rgb(58, 29, 36)'); // rules.invalid
    await developer.fillCard({ number: cardOf('frictionless-approved') });
    await developer.leaveFrame();
    await developer.frame.getByText('Expiry date').hover(); // the pointer off the number field (a hovered field shows its hover border)
    await expect(number).toHaveCSS('border-top-color', 'rgb(95, 211, 154)'); // rules.complete
    // The web font is loaded inside the frame, from the gateway's own origin.
    await expect.poll(() => number.evaluate(() => document.fonts.check('16px Inter'))).toBe(true);
    expect(fontRequests.length).toBeGreaterThan(0);
    for (const url of fontRequests) expect(url.startsWith(`${gatewayUrl}/frames/assets/inter-`)).toBe(true);
  });

  test('a theme value that is not on the allow-list never reaches the frame', async ({ developer, createSession }) => {
    await developer.open((await createSession()).id, {
      config: { theme: { colors: { background: 'url(https://evil.example/x.png)' }, font: { family: 'x;}body{display:none' } } },
    });
    const number = developer.field('number');
    await expect(number).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(number).toBeVisible();
  });
});

test.describe('changeLocale', () => {
  test('called while the frame is still loading, the form still ends in that locale, title included', async ({ developer, createSession }) => {
    await developer.open((await createSession()).id, { changeLocaleDuringMount: 'sv-SE' });
    await expect(developer.field('number')).toBeVisible();
    await expect(developer.page.locator('#card iframe')).toHaveAttribute('title', 'Säker kortbetalning');
  });
});

test.describe('the frame’s configuration (in its URL)', () => {
  test('one of another protocol version: the frame refuses it and says so, mount fails with frame_load_failed at once', async ({ developer, createSession, page }) => {
    // A host of another version, as a pinned old script beside newer frames would be. The
    // configuration rides in the query (base64url JSON: a card mounted as the script loads,
    // which the gateway then does not draw either) or in the fragment.
    await page.addInitScript(() => {
      const src = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'src')!;
      const toVersion2 = (url: URL) => {
        const param = url.searchParams.get('config');
        if (param !== null) {
          const config = JSON.parse(atob(param.replace(/-/g, '+').replace(/_/g, '/'))) as { protocolVersion: number };
          config.protocolVersion = 2;
          url.searchParams.set('config', btoa(JSON.stringify(config)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
        }
        url.hash = url.hash.replace('%22protocolVersion%22%3A1%2C', '%22protocolVersion%22%3A2%2C');
        return url.toString();
      };
      Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
        ...src,
        set(value: string) {
          src.set!.call(this, toVersion2(new URL(String(value))));
        },
      });
    });
    await developer.open((await createSession()).id, { waitReady: false });
    await expect.poll(() => page.evaluate(() => (window as unknown as { events: { mount?: unknown } }).events.mount)).toEqual({
      code: 'frame_load_failed',
      // The frame's own report, not the host's timeout: the shopper is not kept waiting.
      cause: 'the frame could not start: no valid configuration',
    });
    await expect(page.locator('#card iframe')).toHaveCount(0);
  });
});

test.describe('translations', () => {
  test('overrides show in the frame for their locale, as text', async ({ developer, createSession }) => {
    const translations = {
      'sv-SE': { 'card.number.label': 'Kortets nummer', 'card.cvv.placeholder': '3 siffror', 'card.error.card_number_invalid': 'Numret stämmer inte.' },
      'en-US': { 'card.number.label': '<b>Long number</b>' },
    };
    await developer.open((await createSession()).id, { locale: 'sv-SE', config: { translations } });
    const number = developer.frame.getByLabel('Kortets nummer', { exact: true });
    await expect(number).toBeVisible();
    await expect(developer.frame.getByPlaceholder('3 siffror')).toBeVisible();
    await number.pressSequentially('4242 4242 4242 4241');
    await developer.leaveFrame();
    await expect(developer.frame.getByText('Numret stämmer inte.')).toBeVisible();
    await developer.page.evaluate(() => (window as unknown as { component: { changeLocale(l: string): void } }).component.changeLocale('en-US'));
    // Rendered as text, never as HTML.
    await expect(developer.frame.getByLabel('<b>Long number</b>', { exact: true })).toBeVisible();
    await expect(developer.frame.locator('b')).toHaveCount(0);
  });

  test('an unknown key throws at create(), naming it', async ({ developer, createSession }) => {
    await developer.open((await createSession()).id, { config: { translations: { 'sv-SE': { 'card.nubmer.label': 'x' } } }, waitReady: false });
    await expect(developer.page.locator('#card iframe')).toHaveCount(0);
    await expect(developer.error).toHaveText(/^PaymentComponentError: PaymentComponent: config.translations.sv-SE.card.nubmer.label is refused/);
  });
});

test.describe('environment and gatewayUrl', () => {
  test('production asked of the test gateway script fails with a PaymentComponentError naming the mismatch', async ({ developer, createSession, gatewayUrl }) => {
    await developer.open((await createSession()).id, { environment: 'production', waitReady: false });
    await expect(developer.error).toHaveText(
      `PaymentComponentError: PaymentComponent: environment is "production" but this embedded-fields.js is the test environment's (gateway ${gatewayUrl}); load embedded-fields.js from the production gateway`,
    );
    await expect(developer.page.locator('#card iframe')).toHaveCount(0);
  });

  test('gatewayUrl selects the gateway the frames come from', async ({ developer, createSession, gatewayUrl }) => {
    const other = gatewayUrl.replace('127.0.0.1', 'localhost'); // the same mock under another origin
    await developer.open((await createSession()).id, { gatewayUrl: other });
    await expect(developer.page.locator('#card iframe')).toHaveAttribute('src', new RegExp(`^${other.replace(/[.:/]/g, '\\$&')}/frames/card\\?`));
    await expect(developer.field('number')).toBeVisible();
  });

  test('a gatewayUrl that is plain http off loopback is refused', async ({ developer, createSession }) => {
    await developer.open((await createSession()).id, { gatewayUrl: 'http://gateway.example', waitReady: false });
    await expect(developer.error).toContainText('PaymentComponentError: PaymentComponent: gatewayUrl must be an https origin');
  });
});
