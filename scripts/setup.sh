#!/usr/bin/env bash
# Everything a fresh machine with only Node.js 20+ and npm needs: the pinned pnpm, the
# workspace's packages, and the browsers from Debian (Playwright cannot download its own
# here): Chromium, WebKitGTK and Firefox ESR. Safe to run again: each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

pnpm_version=$(node -p "require('./package.json').packageManager.split('@')[1]")
if [ "$(pnpm --version 2>/dev/null || true)" != "$pnpm_version" ]; then
  # corepack's signature check fails against some registries; npm installs the pin directly.
  npm install -g "pnpm@${pnpm_version}" >/dev/null
fi

# The workspace's packages install while apt-get fetches the browsers: both mostly wait on
# the network, and on a fresh CI machine each takes minutes.
if [ -n "${CI:-}" ]; then
  pnpm install --frozen-lockfile --reporter=append-only &
else
  pnpm install --reporter=append-only &
fi
pnpm_install=$!

# Debian packages the test suites need, where missing: Chromium (Playwright), and for
# the cross-engine suite (pnpm test:engines) WebKitGTK's WebDriver + MiniBrowser, a virtual
# X display for it, and Firefox ESR; Postgres and HAProxy for the gateway's shared store.
missing=()
[ -x /usr/bin/chromium ] || [ -n "${PLAYWRIGHT_CHROMIUM_EXECUTABLE:-}" ] || missing+=(chromium)
[ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
[ -x /usr/bin/xvfb-run ] || missing+=(xvfb)
[ -x /usr/bin/firefox-esr ] || [ -n "${FIREFOX_EXECUTABLE:-}" ] || missing+=(firefox-esr)
# Postgres: the gateway's shared store is tested on a throwaway cluster (pnpm test:postgres-store);
# HAProxy balances two replicas on it in the shared-sandbox suite (pnpm test:replicas).
compgen -G '/usr/lib/postgresql/*/bin/pg_ctl' >/dev/null || missing+=(postgresql)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
if [ ${#missing[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1; then
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: missing ${missing[*]} and no apt-get; Playwright can use its own browsers (npx playwright install; ENGINE_DRIVER=playwright pnpm test:engines)" >&2
  fi
fi

wait "$pnpm_install" || { echo "setup: pnpm install failed" >&2; exit 1; }
