/**
 * A graceful stop's last step for the outbox: clears this process's lease on every open
 * delivery it holds, so the other replicas' sweeps take them up at once instead of after
 * the lease has run out (WEBHOOK_LEASE_MS).
 */
import type { GatewayContext } from '../context';
import { deliveryLock } from '../store/locks';
import { indexKey } from '../store/record-kinds';

export async function releaseLeases(ctx: GatewayContext, owner: string, limit: number): Promise<void> {
  const open = await ctx.store.find('delivery', 'open', indexKey('pending'), limit);
  for (const { delivery, lease } of open) {
    if (lease?.owner !== owner) continue;
    await ctx.store.atomic([deliveryLock(delivery.id)], async () => {
      const current = await ctx.store.get('delivery', delivery.id);
      if (current?.lease?.owner !== owner) return;
      current.lease = null;
      ctx.store.put('delivery', current);
    });
  }
}
