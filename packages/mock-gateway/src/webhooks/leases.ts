/**
 * A graceful stop's last step for the outbox: clears this process's lease on every delivery
 * it holds (attempts cut off by the stop), so the other replicas take them up at their next
 * claim instead of after the lease has run out (WEBHOOK_LEASE_MS).
 */
import type { GatewayContext } from '../context';
import { describeError } from './delivery-steps';

export async function releaseLeases(ctx: GatewayContext, owner: string): Promise<void> {
  await ctx.store.deliveries.release(owner).catch((cause: unknown) => console.error(`webhook outbox: releasing leases: ${describeError(cause)}`));
}
