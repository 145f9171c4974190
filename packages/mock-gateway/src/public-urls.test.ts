/**
 * Behind a load balancer the gateway advertises the balancer (--public-url, --public-acs-url):
 * the hosted page's redirect_url and the 3-D Secure ACS URL name it, not the listener.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from './server';

const started: RunningGateway[] = [];
afterAll(() => Promise.all(started.map((g) => g.close())));

describe('public URLs', () => {
  it('are written into redirect_url and the config view instead of the listener', async () => {
    const gateway = await startGateway({ port: 0, publicUrl: 'https://sandbox.example.com', publicAcsUrl: 'https://acs.sandbox.example.com:8443' });
    started.push(gateway);
    expect(gateway.url).toBe('https://sandbox.example.com');
    const token = await gateway.api.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=test-client&client_secret=test-secret',
    });
    const page = await gateway.api.inject({
      method: 'POST',
      url: '/api/hosted-payment-page',
      headers: { 'user-agent': 'vitest', authorization: `Bearer ${token.json<{ access_token: string }>().access_token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ terminal_id: 'TERM00001', reference: 'public-url', description: 'd', currency: 'EUR', amount: 100, transaction_type: 'PURCHASE', success_url: 'https://shop.example/ok', cancel_url: 'https://shop.example/cancel', error_url: 'https://shop.example/error' }),
    });
    expect(page.json<{ redirect_url: string }>().redirect_url).toMatch(/^https:\/\/sandbox\.example\.com\/hpp\//);
    const config = await gateway.api.inject({ method: 'GET', url: '/__mock/config', headers: { 'user-agent': 'vitest', host: 'sandbox.example.com' } });
    expect(config.json()).toMatchObject({ gateway_url: 'https://sandbox.example.com', acs_url: 'https://acs.sandbox.example.com:8443' });
  });

  it('refuses what is not an origin, before listening', async () => {
    await expect(startGateway({ port: 0, publicUrl: 'https://sandbox.example.com/api' })).rejects.toThrow(/publicUrl must be an http\(s\) origin/);
    await expect(startGateway({ port: 0, publicAcsUrl: 'ftp://x' })).rejects.toThrow(/publicAcsUrl/);
  });
});
