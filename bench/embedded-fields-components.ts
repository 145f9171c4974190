/**
 * What each Embedded Fields component downloads from the gateway until ready, on the wire
 * (cold, fresh browser context; merchant page on localhost, gateway on 127.0.0.1): card,
 * saved card, alternative payment methods and a redirect factory's first isAvailable(),
 * each with what it loads beyond a card mount, and mount() → ready over the runs (warm).
 */
import { GatewayClient } from '@payments/testing';
import { launchChromium } from './support/chromium';
import { startGatewayProcess } from './support/gateway-process';
import { startMerchantServer } from './support/merchant-server';
import { createBenchSession } from './support/session';
import { spread, type Spread } from './support/stats';
import { recordWire, type WireTotal } from './support/wire';

export interface ComponentMount {
  component: string;
  wire: WireTotal;
  /** Wire bytes of the requests a card mount does not make. */
  adds_over_card_bytes: number;
  mount_to_ready_ms: { warm: Spread };
}

export async function benchComponentMounts(options: { runs: number }): Promise<ComponentMount[]> {
  const gateway = await startGatewayProcess();
  const merchant = await startMerchantServer();
  const browser = await launchChromium();
  try {
    const client = new GatewayClient(gateway.url);
    const session = () => createBenchSession(client, merchant.origin);
    const savedCard = { paymentMethodId: 'pm_bench', maskedPan: '400000******0002', expirationDate: '1230', cardBrand: 'VISA' };
    const cases: { component: string; config?: unknown }[] = [
      { component: 'card' },
      { component: 'saved-card', config: { componentConfig: { data: savedCard } } },
      { component: 'alternative-payment-method' },
      { component: 'factory:wallet-a-redirect' },
    ];

    const results: ComponentMount[] = [];
    let cardPaths = new Set<string>();
    for (const { component, config } of cases) {
      const context = await browser.newContext();
      const open = async () => {
        const page = await context.newPage();
        const query = new URLSearchParams({ gateway: gateway.url, session: await session(), component, ...(config ? { config: JSON.stringify(config) } : {}) });
        await page.goto(`${merchant.origin}/components?${query}`);
        const mounted = (await page.evaluate('window.mountComponent()')) as { ms: number; ready: boolean };
        if (!mounted.ready) throw new Error(`${component} did not become ready`);
        await page.close();
        return mounted.ms;
      };
      const wire = recordWire(context, gateway.url);
      await open();
      const cold = await wire.stop();
      const times: number[] = [];
      for (let i = 0; i < options.runs; i += 1) times.push(await open());
      await context.close();
      const paths = (w: WireTotal) => w.files.map((f) => f.path.split('?')[0]!);
      if (component === 'card') cardPaths = new Set(paths(cold));
      results.push({
        component: component.replace('factory:', 'factory '),
        wire: cold,
        adds_over_card_bytes: cold.files.filter((f) => !cardPaths.has(f.path.split('?')[0]!)).reduce((sum, f) => sum + f.wire_bytes, 0),
        mount_to_ready_ms: { warm: spread(times) },
      });
    }
    return results;
  } finally {
    await browser.close();
    await merchant.stop();
    await gateway.stop();
  }
}
