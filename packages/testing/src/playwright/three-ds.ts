/**
 * Completing 3-D Secure as the shopper would, wherever the step shows: the challenge
 * dialog over a merchant page (Embedded Fields), a challenge on the hosted page, or the
 * issuer's full page after a redirect. Approve or Decline, then nothing else: the flow
 * carries on by itself.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { GATEWAY_PAGE_CATALOGS } from '@payments/core';

export type ChallengeOutcome = 'approve' | 'decline';

/** The issuer's button in whichever language its page speaks (the shopper's: en-US, bs-BA, ro-RO, sv-SE). */
function buttonName(outcome: ChallengeOutcome): RegExp {
  const names = Object.values(GATEWAY_PAGE_CATALOGS).map((texts) => texts[outcome].replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^(${[...new Set(names)].join('|')})$`);
}

/**
 * Clicks the issuer's Approve or Decline, wherever it shows: in the challenge dialog's frame,
 * or on the issuer's full page (redirect). Waits for whichever appears first.
 */
export async function completeChallenge(page: Page, outcome: ChallengeOutcome, options: { timeout?: number } = {}): Promise<void> {
  const name = buttonName(outcome);
  const candidates: Locator[] = [
    challengeDialog(page).locator('iframe').contentFrame().getByRole('button', { name }),
    page.getByRole('button', { name }),
  ];
  let found: Locator | undefined;
  await expect
    .poll(
      async () => {
        for (const candidate of candidates) {
          if (await candidate.isVisible().catch(() => false)) {
            found = candidate;
            return true;
          }
        }
        return false;
      },
      { timeout: options.timeout ?? 15_000, message: `the issuer's ${name} button` },
    )
    .toBe(true);
  await clickUntilSubmitted(page, found!);
}

/**
 * The issuer's page has just loaded (in the dialog's frame, or as the page): a click before
 * its first frame is drawn can be lost. Playwright clicked and Chromium never submitted the
 * form, in CI on 2026-11-26 and every time once the trace's screencast no longer slowed the
 * browser. So: wait two of the page's animation frames (or half a second), click, and click
 * again only if the form's POST did not leave within two seconds and the button is still there.
 * A click that did submit is never repeated: the issuer's answer is sent once.
 */
async function clickUntilSubmitted(page: Page, button: Locator): Promise<void> {
  const handle = await button.elementHandle();
  const frame = (await handle?.ownerFrame()) ?? undefined;
  await handle?.dispose();
  for (let attempt = 1; ; attempt += 1) {
    await button.evaluate(() =>
      Promise.race([
        new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
        new Promise<void>((resolve) => setTimeout(resolve, 500)),
      ]),
    );
    const submitted = page.waitForRequest((request) => request.method() === 'POST' && (frame === undefined || request.frame() === frame), { timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    await button.click();
    if (await submitted) return;
    if (attempt === 3 || !(await button.isVisible().catch(() => false))) return;
  }
}

/**
 * The challenge dialog over the page (Embedded Fields and the hosted page). It lives in the
 * open shadow root of its holder: Playwright's role queries are its own DOM walk and enter
 * open shadow roots in Chromium, WebKit and Firefox alike (the browsers' accessibility
 * queries, e.g. Firefox's through puppeteer, do not: e2e/engines finds it by the same walk).
 */
export function challengeDialog(page: Page): Locator {
  return page.getByRole('dialog');
}
