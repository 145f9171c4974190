/**
 * The mock gateway's redirect-provider page (ACS origin, /provider/{id}) where a tester
 * approves, declines or abandons a wallet, bank or local payment; and the shop's return.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type ProviderOutcome = 'Approve' | 'Decline' | 'Abandon';

export class ProviderPage {
  readonly heading: Locator;
  readonly blikCode: Locator;

  constructor(
    readonly page: Page,
    readonly acsUrl: string,
  ) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.blikCode = page.getByLabel('BLIK code');
  }

  /** Waits until the browser is on the provider's page for `name` (e.g. "Wallet A"). */
  async expectOpen(name: string | RegExp): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`^${this.acsUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/provider/`));
    await expect(this.heading).toHaveText(name);
  }

  async choose(outcome: ProviderOutcome): Promise<void> {
    await this.page.getByRole('button', { name: outcome, exact: true }).click();
  }

  /** Waits for the shop's return URL and answers its transaction_id and status. */
  async returned(merchantOrigin: string, status: string): Promise<{ transactionId: string; status: string }> {
    await expect(this.page).toHaveURL(new RegExp(`^${merchantOrigin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/return\\?transaction_id=[^&]+&status=${status}$`));
    const url = new URL(this.page.url());
    return { transactionId: url.searchParams.get('transaction_id')!, status: url.searchParams.get('status')! };
  }
}
