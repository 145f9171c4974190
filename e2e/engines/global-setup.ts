/**
 * Starts the bare test shop (e2e/pages) once for every engine file, on a free port of
 * http://localhost: another site than the gateways on 127.0.0.1.
 */
import type { TestProject } from 'vitest/node';
import { startTestShopServer } from '../support/test-shop-server';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shop = await startTestShopServer(0);
  project.provide('merchantOrigin', shop.origin);
  return () => shop.close();
}
