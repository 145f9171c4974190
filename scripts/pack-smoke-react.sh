#!/usr/bin/env bash
# The React step of scripts/pack-smoke.sh (sourced by it: $repo, $work, $chromium, step, fail
# and dev_version are its). In its CommonJS project, made by `npm init -y` as a React team
# starts one, where pack-smoke.sh installed the packed tarballs with React 19, Vite and
# @vitejs/plugin-react from the npm registry (its react_packages):
#   1. `tsc` strict (exactOptionalPropertyTypes, skipLibCheck off) type-checks the app, and
#      the published declarations of @payments/react and @payments/embedded-fields hold no `any`;
#   2. in Node, renderToString of a page with the three components runs without an error (as
#      ESM and with require()), and gives their placeholders;
#   3. Vite builds the app (StrictMode on, React's development build) and Playwright pays a
#      card in it, served by the QA kit's merchant site on localhost with the kit's gateway on
#      127.0.0.1: one frame, no console error or warning.
react_app="$work/cjs"
mkdir -p "$react_app/src" "$react_app/tests"
step "React: @payments/react with React 19 and Vite in $react_app (npm init -y)"

cat >"$react_app/index.html" <<'HTML'
<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>React pack smoke</title><link rel="icon" href="data:," /></head>
<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>
HTML
# The package README's card payment, with a status line for the test instead of alert().
cat >"$react_app/src/CardPayment.tsx" <<'TSX'
import { useRef, useState } from 'react';
import { CardComponent, isPaymentFailure, type CardComponentHandle } from '@payments/react';

export function CardPayment({ sessionId }: { sessionId: string }) {
  const card = useRef<CardComponentHandle>(null);
  const [valid, setValid] = useState(false);
  const [result, setResult] = useState('');
  const pay = () =>
    card.current!.submitPayment().then(
      (response) => setResult(response.approved ? 'Paid' : `Not paid: ${response.status}`),
      (error: unknown) => setResult(isPaymentFailure(error) ? error.message : 'Something went wrong'),
    );
  return (
    <>
      <CardComponent sessionId={sessionId} ref={card} onChange={(state) => setValid(state.valid)} />
      <button disabled={!valid} onClick={() => void pay()}>Pay</button>
      <p role="status">{result}</p>
    </>
  );
}
TSX
cat >"$react_app/src/main.tsx" <<'TSX'
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PaymentComponentProvider } from '@payments/react';
import { CardPayment } from './CardPayment';

const query = new URLSearchParams(location.search);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PaymentComponentProvider clientKey="test-client-key" gatewayUrl={query.get('gateway')!} environment="test" locale="en-US">
      <CardPayment sessionId={query.get('session')!} />
    </PaymentComponentProvider>
  </StrictMode>,
);
TSX
cat >"$react_app/tsconfig.react.json" <<'JSON'
{ "compilerOptions": { "strict": true, "exactOptionalPropertyTypes": true, "noUncheckedIndexedAccess": true,
  "module": "esnext", "moduleResolution": "bundler", "target": "es2022", "jsx": "react-jsx",
  "lib": ["es2023", "dom", "dom.iterable"], "types": [], "noEmit": true, "skipLibCheck": false, "skipDefaultLibCheck": true },
  "include": ["src"] }
JSON
cat >"$react_app/vite.config.mjs" <<'JS'
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
export default defineConfig({ plugins: [react()], build: { minify: false } });
JS
cd "$react_app"
step "React: tsc strict on the app; no any in the published declarations"
./node_modules/.bin/tsc -p tsconfig.react.json || fail "tsc on the React app"
for types in node_modules/@payments/react/dist/index.d.ts node_modules/@payments/embedded-fields/dist/embedded-fields.d.ts; do
  if grep -nw 'any' "$types" | grep -v '^\s*[0-9]*:\s*\(\*\|//\)'; then fail "$types has any"; fi
done

step "React: renderToString in Node, as ESM and with require()"
cat >ssr.mjs <<'JS'
import assert from 'node:assert/strict';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { AlternativePaymentMethodComponent, CardComponent, PaymentComponentProvider, SavedCardComponent } from '@payments/react';
const card = { paymentMethodId: 'pm_x', maskedPan: '400000******0002', expirationDate: '1230', cardBrand: 'VISA' };
const html = renderToString(h(PaymentComponentProvider, { clientKey: 'test-client-key', gatewayUrl: 'http://127.0.0.1:4010', environment: 'test', locale: 'sv-SE' },
  h(CardComponent, { sessionId: 's' }), h(SavedCardComponent, { sessionId: 's', card }), h(AlternativePaymentMethodComponent, { sessionId: 's' })));
assert.equal(typeof window, 'undefined');
assert.equal(html, ['card', 'saved-card', 'alternative-payment-method'].map((t) => `<div data-payment-component="${t}"></div>`).join(''));
console.log(`  ${process.argv[1]}: ${html.length} characters of HTML`);
JS
sed -e "s/^import assert from 'node:assert\/strict';/const assert = require('node:assert\/strict');/" \
  -e "s/^import { createElement as h } from 'react';/const { createElement: h } = require('react');/" \
  -e "s/^import { renderToString } from 'react-dom\/server';/const { renderToString } = require('react-dom\/server');/" \
  -e "s/^import { \(.*\) } from '@payments\/react';/const { \1 } = require('@payments\/react');/" ssr.mjs >ssr.cjs
node ssr.mjs || fail "renderToString (ESM)"
node ssr.cjs || fail "renderToString (require)"

step "React: vite build, then Playwright pays a card in it"
NODE_ENV=development ./node_modules/.bin/vite build --logLevel warn || fail "vite build"
cat >playwright.react.config.ts <<TS
import { defineConfig } from '@playwright/test';
export default defineConfig({
  use: { merchantPages: './dist', launchOptions: { ${chromium:+executablePath: '$chromium', }args: ['--no-sandbox'] } } as never,
});
TS
cat >tests/react-card.spec.ts <<'TS'
import { cardFrame, expect, fillCard, test } from '@payments/testing/playwright';

test('React 19 + Vite, StrictMode: a card payment through @payments/react', async ({ page, createSession, gatewayUrl, merchantOrigin }) => {
  const problems: string[] = [];
  page.on('console', (message) => ['error', 'warning'].includes(message.type()) && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  const session = await createSession();
  await page.goto(`${merchantOrigin}/index.html?gateway=${encodeURIComponent(gatewayUrl)}&session=${session.id}`);
  await fillCard(cardFrame(page), { number: '4000000000000002' });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('status')).toHaveText('Paid');
  await expect(page.locator('[data-payment-component] iframe')).toHaveCount(1);
  expect(problems).toEqual([]);
});
TS
npx --no-install playwright test --config playwright.react.config.ts --reporter=list tests/react-card.spec.ts || fail "the React card payment"
cd "$work/project"
