/**
 * Issue #43: the balancer's health check is the obvious one, `option httpchk GET
 * /health/ready` with no header (shared-sandbox.ts), and it marks every healthy replica up:
 * the probes answer a client that sends no User-Agent.
 */
import { expect, test } from '@payments/testing/playwright';
import { replicas } from './sandbox-control';

test('HAProxy\'s plain httpchk marks every running replica UP, its probes answered 200', async () => {
  await expect.poll(async () => (await replicas()).map((r) => r.balancer), { message: 'every replica UP' }).toEqual(['UP', 'UP']);
  for (const r of await replicas()) {
    expect(r.running).toBe(true);
    expect(r.log.filter((line) => / api GET \/health\/ready /.test(line)).at(-1), r.name).toMatch(/ 200 \d+ms$/);
  }
});
