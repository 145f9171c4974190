/**
 * A bare "merchant" origin for suites that test the gateway's pages without the demo shop:
 * the test shop (test-shop-server.ts) as a process. Started by Playwright's webServer.
 * Usage: tsx e2e/support/test-merchant-server.ts <port> [pages-dir]
 */
import { DEFAULT_PAGES, startTestShopServer } from './test-shop-server';

const shop = await startTestShopServer(Number(process.argv[2] ?? 4180), process.argv[3] ?? DEFAULT_PAGES);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shop.close().then(() => process.exit(0)));
