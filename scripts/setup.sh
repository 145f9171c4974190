#!/usr/bin/env bash
# Everything a fresh machine with only Node.js 20+ and npm needs: the pinned pnpm, the
# workspace's packages, and a Chromium for Playwright (Debian's, where Playwright cannot
# download its own). Safe to run again: each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

pnpm_version=$(node -p "require('./package.json').packageManager.split('@')[1]")
if [ "$(pnpm --version 2>/dev/null || true)" != "$pnpm_version" ]; then
  # corepack's signature check fails against some registries; npm installs the pin directly.
  npm install -g "pnpm@${pnpm_version}" >/dev/null
fi

if [ ! -x /usr/bin/chromium ] && [ -z "${PLAYWRIGHT_CHROMIUM_EXECUTABLE:-}" ]; then
  if command -v apt-get >/dev/null 2>&1; then
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    $sudo_cmd apt-get install -y -qq chromium >/dev/null
  else
    echo "setup: no /usr/bin/chromium and no apt-get; Playwright will use its own browser (npx playwright install chromium)" >&2
  fi
fi

if [ -n "${CI:-}" ]; then
  pnpm install --frozen-lockfile --reporter=append-only
else
  pnpm install --reporter=append-only
fi
