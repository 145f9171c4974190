#!/usr/bin/env bash
# The packages as a stranger gets them: packs the five tarballs (pnpm pack, which applies
# publishConfig and replaces workspace:*), installs them with npm into two fresh projects
# outside the workspace (registry dependencies from the npm registry, no workspace links):
# an ESM one ("type": "module") and a CommonJS one made by `npm init -y`, untouched. Then:
#   1. `npx mock-gateway --port 0` serves embedded-fields.js (plain, /v1/, /v1.0.0/ with its
#      SRI hash), the card frame and a hosted page, with their assets (200);
#   2. in both projects, every entry of every package's exports loads with require() and with
#      import, as one module instance (scripts/published-exports.ts); the ESM project's
#      imports pay a card through the gateway;
#   3. in both, a strict TypeScript file (skipLibCheck off) type-checks as ESM and as CommonJS:
#      module nodenext in the ESM project, node16 in the CommonJS one;
#   4. in both, the QA example of packages/testing/README.md, copied verbatim, passes with
#      Playwright (the kit's own gateway and merchant page; Chromium at /usr/bin/chromium when
#      present), which loads the test as ESM in one and with require() in the other;
#   5. React (scripts/pack-smoke-react.sh): in the `npm init -y` project, @payments/react with
#      React 19 and Vite: tsc strict, renderToString in Node, a Vite build and a card paid in
#      it with Playwright;
#   6. the single file dist/mock-gateway.mjs runs with plain node beside its bundles.
# Needs `pnpm build` first. Part of `pnpm test`. KEEP_PACK_SMOKE=1 keeps the temp folder.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
started=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/tmp}/payments-pack-smoke.XXXXXX")
pids=()
cleanup() {
  # Each gateway runs in a session of its own (start_gateway): the whole group stops, npx's
  # child included, or the gateway outlives the smoke.
  for pid in "${pids[@]}"; do kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true; done
  if [ -z "${KEEP_PACK_SMOKE:-}" ]; then rm -rf "$work"; else echo "pack-smoke: kept $work"; fi
}
trap cleanup EXIT
step() { echo "pack-smoke: $* ($(($(date +%s) - started)) s)"; }
fail() { echo "pack-smoke: FAILED: $*" >&2; exit 1; }
dev_version() { node -p "require('./package.json').devDependencies['$1']"; }

# Starts `$@` in the background writing to $log, waits for "listening on URL", sets $url.
start_gateway() {
  log=$1; shift
  setsid "$@" >"$log" 2>&1 &
  pids+=("$!")
  for _ in $(seq 1 120); do
    url=$(grep -o 'listening on http://[0-9.:]*' "$log" | cut -d' ' -f3 || true)
    [ -n "$url" ] && return 0
    kill -0 "${pids[-1]}" 2>/dev/null || { cat "$log"; fail "the gateway exited"; }
    sleep 0.5
  done
  cat "$log"; fail "the gateway did not start in 60 s"
}

packages=(core embedded-fields hosted-page mock-gateway react testing)
for pkg in "${packages[@]}"; do
  [ -d "packages/$pkg/dist" ] || fail "packages/$pkg/dist is missing: run pnpm build first"
done

step "packing ${packages[*]}"
mkdir -p "$work/tarballs" "$work/project"
for pkg in "${packages[@]}"; do
  (cd "packages/$pkg" && pnpm pack --pack-destination "$work/tarballs" >/dev/null)
done
for tarball in "$work"/tarballs/*.tgz; do
  manifest=$(tar -xzOf "$tarball" package/package.json)
  if grep -q 'workspace:' <<<"$manifest"; then fail "$(basename "$tarball") still has workspace: ranges"; fi
  # What an importer resolves (exports, main, types, bin) must be built code; other fields
  # (embedded-fields' sideEffects list for the workspace's own bundler) may name sources.
  entries=$(node -e 'const m = JSON.parse(process.argv[1]); console.log(JSON.stringify([m.exports, m.main, m.types, m.bin]))' "$manifest")
  if grep -q '\./src/' <<<"$entries"; then fail "$(basename "$tarball") still points at src/"; fi
  echo "  $(basename "$tarball")  $(du -k "$tarball" | cut -f1) kB packed, $(tar -tzf "$tarball" | wc -l) files"
done

step "installing the tarballs with npm in $work/project (ESM) and $work/cjs (npm init -y)"
cat >"$work/project/package.json" <<'JSON'
{ "name": "pack-smoke", "private": true, "type": "module" }
JSON
mkdir "$work/cjs"
(cd "$work/cjs" && npm init -y >/dev/null)
[ "$(cd "$work/cjs" && node -p 'require("./package.json").type ?? "commonjs"')" = commonjs ] || fail "npm init -y did not make a CommonJS project"
# The React step's own (scripts/pack-smoke-react.sh), into the `npm init -y` project only.
example_version() { node -p "const m = require('./examples/react-shop/package.json'); m.devDependencies['$1'] ?? m.dependencies['$1']"; }
react_packages=()
for name in react react-dom @types/react @types/react-dom vite @vitejs/plugin-react; do react_packages+=("$name@$(example_version "$name")"); done
installs=()
for dir in "$work/project" "$work/cjs"; do
  extra=()
  [ "$dir" = "$work/cjs" ] && extra=("${react_packages[@]}")
  # Both at once: npm waits on the network and its cache more than on the CPU.
  (cd "$dir" && npm install --no-audit --no-fund --loglevel=error \
    "$work"/tarballs/*.tgz \
    "@playwright/test@$(cd "$repo" && dev_version @playwright/test)" \
    "typescript@$(cd "$repo" && dev_version typescript)" \
    "@types/node@$(cd "$repo" && dev_version @types/node)" "${extra[@]}" >/dev/null) &
  installs+=("$!")
done
for pid in "${installs[@]}"; do wait "$pid" || fail "npm install failed"; done
for dir in "$work/project" "$work/cjs"; do
  [ ! -L "$dir/node_modules/@payments/core" ] || fail "$dir/node_modules/@payments/core is a link"
done
cd "$work/project"

step "npx mock-gateway --port 0"
start_gateway "$work/gateway.log" npx --no-install mock-gateway --port 0
gateway=$url
check() { # check URL STATUS [header-substring]
  local headers status
  headers=$(curl -s -o /dev/null -D - -A 'pack-smoke' "$1")
  status=$(head -1 <<<"$headers" | cut -d' ' -f2)
  [ "$status" = "$2" ] || fail "$1 answered $status, expected $2"
  if [ -n "${3:-}" ] && ! grep -qi "$3" <<<"$headers"; then fail "$1 lacks '$3'"; fi
  echo "  $2 $1"
}
check "$gateway/embedded-fields.js" 200
check "$gateway/v1/embedded-fields.js" 200 'cache-control: public, max-age=300'
version=$(node -p "require('@payments/embedded-fields/package.json').version")
check "$gateway/v$version/embedded-fields.js" 200 'cache-control: public, max-age=31536000, immutable'
served=$(curl -s -A 'pack-smoke' "$gateway/v$version/embedded-fields.js" |
  node -e "process.stdout.write(require('node:crypto').createHash('sha384').update(require('node:fs').readFileSync(0)).digest('base64'))")
published=$(node -p "require('@payments/embedded-fields/sri.json').script.integrity")
[ "sha384-$served" = "$published" ] || fail "the served script's hash is not the published one"
[ "$(curl -s -A 'pack-smoke' "$gateway/sri.json" | node -p 'JSON.parse(require("fs").readFileSync(0)).script.integrity')" = "$published" ] ||
  fail "/sri.json does not publish the package's hash"
echo "  /v$version/embedded-fields.js matches $published"
# The side scripts (the 3-D Secure dialog's, penpal's), which embedded-fields.js loads with its own built-in hashes.
for side in embedded-fields-actions.js embedded-fields-connect.js; do
  check "$gateway/v$version/$side" 200 'cache-control: public, max-age=31536000, immutable'
  sideHash=$(curl -s -A 'pack-smoke' "$gateway/v$version/$side" |
    node -e "process.stdout.write(require('node:crypto').createHash('sha384').update(require('node:fs').readFileSync(0)).digest('base64'))")
  [ "sha384-$sideHash" = "$(node -p "require('@payments/embedded-fields/sri.json')['$side']")" ] ||
    fail "the served $side is not the published one"
done

step "Node: every entry loads with require() and import, in both projects"
# Every key of every installed package's exports (a new entry is covered without a line here):
# require() and import() give the same module (one instance, no dual-package hazard).
cat >"$work/every-entry.cjs" <<'JS'
const assert = require('node:assert/strict');
const { readdirSync } = require('node:fs');
(async () => {
  const seen = [];
  for (const name of readdirSync('node_modules/@payments')) {
    const pkg = `@payments/${name}`;
    for (const key of Object.keys(require(`${pkg}/package.json`).exports)) {
      if (key.includes('*')) continue; // a folder of files (hosted-page's ./dist/*)
      const spec = key === '.' ? pkg : `${pkg}/${key.slice(2)}`;
      const required = require(spec);
      if (spec.endsWith('.json')) {
        assert.deepEqual(required, (await import(spec, { with: { type: 'json' } })).default, spec);
      } else {
        assert.ok(Object.keys(required).length > 0, `${spec}: require() gave no exports`);
        assert.equal(required, await import(spec), `${spec}: require() and import gave two instances`);
      }
      seen.push(spec);
    }
  }
  assert.ok(seen.length >= 8, `only ${seen.length} entries`);
  console.log(`  ${process.cwd()}: ${seen.length} entries: ${seen.join(' ')}`);
})().catch((error) => { console.error(error); process.exit(1); });
JS
for dir in "$work/cjs" "$work/project"; do
  cp "$work/every-entry.cjs" "$dir/"
  (cd "$dir" && node every-entry.cjs) || fail "$dir: an entry does not load both ways"
done

step "Node ESM: named imports; a card payment; a session's card frame and a hosted page (200)"
cat >imports.mjs <<'JS'
import assert from 'node:assert/strict';
import * as core from '@payments/core';
import { checkCustomer } from '@payments/core/customer-checks';
import { loadPaymentComponent, EMBEDDED_FIELDS_VERSION, EMBEDDED_FIELDS_INTEGRITY } from '@payments/embedded-fields';
import sri from '@payments/embedded-fields/sri.json' with { type: 'json' };
import { hostedPageDir } from '@payments/hosted-page';
import { startGateway } from '@payments/mock-gateway';
import { GatewayClient, TEST_CARDS } from '@payments/testing';
import { test, fillCard } from '@payments/testing/playwright';
import { existsSync } from 'node:fs';

assert.equal(core.luhnCheck('4111111111111111'), true);
assert.equal(checkCustomer({ country: 'BA' }).valid, true);
assert.equal(typeof loadPaymentComponent, 'function');
assert.equal(EMBEDDED_FIELDS_INTEGRITY, sri.script.integrity);
assert.equal(`/v${EMBEDDED_FIELDS_VERSION}/embedded-fields.js`, sri.script.url);
assert.ok(existsSync(`${hostedPageDir}/index.html`));
assert.equal(typeof startGateway, 'function');
assert.equal(typeof test.extend, 'function');
assert.equal(typeof fillCard, 'function');
assert.ok(TEST_CARDS);

const gatewayUrl = process.argv[2];
const client = new GatewayClient(gatewayUrl);
const order = { terminal_id: 'TERM00001', description: 'Smoke', currency: 'EUR', amount: 100, transaction_type: 'PURCHASE' };
const session = await client.createSession({ ...order, reference: `smoke-${Date.now()}`, return_url: 'http://localhost:9/return' });
const hosted = await client.createHostedPage({
  ...order, reference: `smoke-hpp-${Date.now()}`,
  success_url: 'http://localhost:9/s', cancel_url: 'http://localhost:9/c', error_url: 'http://localhost:9/e',
});
const get = async (url) => {
  const response = await fetch(url, { headers: { 'user-agent': 'pack-smoke' } });
  assert.equal(response.status, 200, url);
  console.log(`  200 ${url}`);
  return response.text();
};
// A card payment: the decrypts run in the packed gateway's worker threads.
const paid = await client.authorize({
  ...order, reference: `smoke-card-${Date.now()}`, return_url: 'http://localhost:9/return', browser_info: core.TEST_BROWSER_INFO,
  payment_method: { type: 'card', data: await client.encryptCard({ number: '4000000000000002' }) },
});
assert.equal(paid.result?.status, 'APPROVED', JSON.stringify(paid));
for (const page of [`${gatewayUrl}/frames/card?session_id=${session.id}&client_key=test-client-key`, hosted.redirect_url]) {
  const html = await get(page);
  // The hosted page's script is imported by its first view's inline script once drawn.
  const asset = /(?:src=|href=|import\()"(\/(?:frames|hpp)\/assets\/[^"]+)"/.exec(html);
  assert.ok(asset, `${page} links its bundle`);
  await get(new URL(asset[1], gatewayUrl).href);
}
JS
node imports.mjs "$gateway"

step "TypeScript strict (skipLibCheck off): ESM and CommonJS files, nodenext and node16"
cat >"$work/types.ts" <<'TS'
import type { CardBrand } from '@payments/core';
import { checkCustomer, type CustomerInput } from '@payments/core/customer-checks';
import { EMBEDDED_FIELDS_INTEGRITY, loadPaymentComponent, type PaymentComponentFactory } from '@payments/embedded-fields';
import { hostedPageDir } from '@payments/hosted-page';
import { startGateway, type RunningGateway } from '@payments/mock-gateway';
import { GatewayClient, type TestGateway } from '@payments/testing';
import { cardFrame, completeChallenge, expect, fillCard, test } from '@payments/testing/playwright';

const brand: CardBrand | undefined = undefined;
const customer: CustomerInput = { country: 'BA' };
const valid: boolean = checkCustomer(customer).valid;
const integrity: string = EMBEDDED_FIELDS_INTEGRITY;
const dir: string = hostedPageDir;
async function main(): Promise<void> {
  const load: Promise<PaymentComponentFactory> = loadPaymentComponent({ gatewayUrl: 'http://127.0.0.1:4010' });
  const gateway: RunningGateway = await startGateway({ port: 0 });
  const client: GatewayClient = new GatewayClient(gateway.url);
  const kit: TestGateway | undefined = undefined;
  void [load, client, kit, brand, valid, integrity, dir];
  await gateway.close();
}
test('types', async ({ page, createSession, checkoutUrl }) => {
  const session = await createSession();
  await page.goto(checkoutUrl(session));
  await fillCard(cardFrame(page), { number: '4111111111111111' });
  await completeChallenge(page, 'approve');
  await expect(page.getByRole('status')).toContainText('Approved');
});
void main;
TS
# types.ts is ESM in the ESM project and CommonJS (imports become require()) in the other;
# the .cts and .mts copies are the other kind in each: one tsc run per project checks both,
# the two runs at once. Every declaration file is checked but TypeScript's own lib files.
typecheck() { # typecheck DIR MODULE OTHER-EXTENSION
  cp "$work/types.ts" "$1/types.ts"
  cp "$work/types.ts" "$1/types.$3"
  cat >"$1/tsconfig.json" <<JSON
{ "compilerOptions": { "strict": true, "module": "$2", "moduleResolution": "$2", "target": "es2022",
  "lib": ["es2023", "dom"], "types": ["node"], "noEmit": true, "skipLibCheck": false, "skipDefaultLibCheck": true,
  "resolveJsonModule": true },
  "files": ["types.ts", "types.$3"] }
JSON
  (cd "$1" && ./node_modules/.bin/tsc -p tsconfig.json) || { echo "pack-smoke: FAILED: $1: tsc (module $2)" >&2; return 1; }
  echo "  $1: types.ts and types.$3 (module $2)"
}
typecheck "$work/project" nodenext cts & esm_types=$!
typecheck "$work/cjs" node16 mts & cjs_types=$!
wait "$esm_types" || fail "types in the ESM project"
wait "$cjs_types" || fail "types in the CommonJS project"

example() { awk '/<!-- qa-example -->/ { found = 1; next } found && /^```ts/ { inside = 1; next } inside && /^```/ { exit } inside { print }' "$1"; }
example "$repo/packages/testing/README.md" >"$work/checkout.spec.ts"
[ -s "$work/checkout.spec.ts" ] || fail "no QA example (<!-- qa-example --> then a ts block) in packages/testing/README.md"
[ "$(example "$repo/docs/qa/index.md")" = "$(cat "$work/checkout.spec.ts")" ] || fail "the QA page's example (docs/qa/index.md) differs from packages/testing/README.md's"
lines=$(wc -l <"$work/checkout.spec.ts")
[ "$lines" -le 15 ] || fail "the QA example has $lines lines (15 at most)"
chromium=${PLAYWRIGHT_CHROMIUM_EXECUTABLE:-$( [ -x /usr/bin/chromium ] && echo /usr/bin/chromium || true)}
for dir in "$work/project" "$work/cjs"; do
  step "the QA example of packages/testing/README.md with Playwright in $dir"
  mkdir -p "$dir/tests"
  cp "$work/checkout.spec.ts" "$dir/tests/checkout.spec.ts"
  cat >"$dir/playwright.config.ts" <<TS
import { defineConfig } from '@playwright/test';
export default defineConfig({
  use: { launchOptions: { ${chromium:+executablePath: '$chromium', }args: ['--no-sandbox'] } },
});
TS
  (cd "$dir" && npx --no-install playwright test --reporter=list) || fail "$dir: the QA example failed"
done

source "$repo/scripts/pack-smoke-react.sh"

step "the single file: node mock-gateway.mjs beside its bundles"
mkdir "$work/single"
cp -r "$repo/packages/mock-gateway/dist/mock-gateway.mjs" "$repo/packages/mock-gateway/dist/browser" "$repo/packages/mock-gateway/dist/assets" "$repo/packages/mock-gateway/dist/workers" "$work/single/"
cd "$work/single"
start_gateway "$work/single.log" node mock-gateway.mjs --port 0
check "$url/v1/embedded-fields.js" 200
check "$url/sri.json" 200
# A card payment through the single file (its decrypt worker's script beside it), with the
# QA kit installed in the smoke project above (its node_modules resolve from there).
cd "$work/project"
node --input-type=module -e "
  import { GatewayClient } from '@payments/testing';
  import { TEST_BROWSER_INFO } from '@payments/core';
  const client = new GatewayClient(process.argv[1]);
  const paid = await client.authorize({ terminal_id: 'TERM00001', description: 'Smoke', currency: 'EUR', amount: 100, transaction_type: 'PURCHASE',
    reference: 'smoke-single-' + Date.now(), return_url: 'http://localhost:9/return', browser_info: TEST_BROWSER_INFO,
    payment_method: { type: 'card', data: await client.encryptCard({ number: '4000000000000002' }) } });
  if (paid.result?.status !== 'APPROVED') { console.error(JSON.stringify(paid)); process.exit(1); }
  console.log('  card payment through the single file: APPROVED');
" "$url"

step "passed"
