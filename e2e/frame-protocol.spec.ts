/**
 * The frames' protocol across script versions: the gateway serves one card frame to every
 * 1.x script still on a merchant's page (README, "Versioning"), so today's frame must open for
 * a 1.0 script. That script takes the frame's ready report as a penpal call (`ready`), after
 * the handshake; today's script takes it as a message of its own (host/frame-connection.ts).
 * Here a merchant page speaks the 1.0 protocol with penpal itself, as that script did.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Penpal from 'penpal';
import { expect, test } from './fixtures';

/** penpal's browser build (a `Penpal` global): the version the Embedded Fields package depends on. */
const penpalScript = join(dirname(createRequire(import.meta.url).resolve('penpal')), 'penpal.min.js');

/** A card frame configuration of protocol version 1, as a 1.0 script writes it into the URL's fragment. */
const CONFIG_V1 = {
  protocolVersion: 1,
  component: 'card',
  locale: 'en-US',
  customerConfig: { hasHolderName: false, holderNameRequired: false, hasHolderEmail: false, holderEmailRequired: false },
  styles: {},
  saveCard: null,
  savedCard: null,
  translations: {},
};

test('a 1.0 script, which takes ready as a penpal call, still opens today’s card frame and hears its states', async ({ page, createSession, gatewayUrl, merchantOrigin }) => {
  const session = await createSession();
  await page.goto(`${merchantOrigin}/return`);
  await page.addScriptTag({ path: penpalScript });
  const src = `${gatewayUrl}/frames/card?${new URLSearchParams({ session_id: session.id, client_key: 'test-client-key', v: '1', locale: 'en-US' })}#config=${encodeURIComponent(JSON.stringify(CONFIG_V1))}`;
  const report = await page.evaluate(
    ({ src, gateway }) =>
      new Promise((resolve, reject) => {
        const { connect, WindowMessenger } = (window as unknown as { Penpal: typeof Penpal }).Penpal;
        const iframe = document.createElement('iframe');
        iframe.title = 'Secure card payment';
        iframe.src = src;
        document.body.append(iframe);
        const states: unknown[] = [];
        (window as unknown as { states: unknown[] }).states = states;
        const connection = connect({
          messenger: new WindowMessenger({ remoteWindow: iframe.contentWindow!, allowedOrigins: [gateway] }),
          channel: 'embedded-fields',
          timeout: 10_000,
          methods: {
            ready: (value: unknown) => resolve(value),
            change: (state: unknown) => void states.push(state),
            resize: (height: number) => void (iframe.style.height = `${height}px`),
            focusExit: () => undefined,
            fieldFocus: () => undefined,
            submitKey: () => undefined,
          },
        });
        connection.promise.catch(reject);
      }),
    { src, gateway: gatewayUrl },
  );
  expect(report).toMatchObject({ kind: 'ready', height: expect.any(Number) });
  // The relays work for it too: a typed card number reaches its `change`.
  await page.frameLocator('iframe[title="Secure card payment"]').getByLabel('Card number').pressSequentially('4111');
  await expect.poll(() => page.evaluate(() => (window as unknown as { states: { brand?: string }[] }).states.at(-1)?.brand)).toBe('visa');
});
