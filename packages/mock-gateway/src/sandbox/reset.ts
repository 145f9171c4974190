import type { GatewayContext } from '../context';

/** Forgets every transaction, session, customer, token and webhook, the clock's offset and the faults (POST /__mock/reset, the dashboard). */
export async function resetSandbox(ctx: GatewayContext): Promise<void> {
  await ctx.webhooks.clear();
  await ctx.store.reset();
  await ctx.clock.reset();
  await ctx.sandbox.faults.clear();
}
