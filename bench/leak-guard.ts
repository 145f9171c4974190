/**
 * `pnpm bench --only leak-guard [--cycles N]`: the browser leak guard's long run (issue #48).
 * Each component (e2e/leak-guard/leak-lab.ts, LEAK_CASES) mounted until ready and unmounted
 * N times (default 500) in one merchant page, the page's heap (garbage collected) after cycle
 * 50 and after every 100; then, in the card frame, 10,000 edits with the frame's heap after
 * every 2,000. The Playwright spec (e2e/leak-guard.spec.ts) runs fewer cycles in `pnpm test`.
 */
import { GatewayClient } from '@payments/testing';
import { LEAK_CASES, cardFrameEdits, openLeakLab, type LeakSample } from '@payments/e2e/leak-lab';
import { launchChromium } from './support/chromium';
import { startGatewayProcess } from './support/gateway-process';
import { startMerchantServer } from './support/merchant-server';
import { createBenchSession } from './support/session';

export interface LeakGuardBench {
  cycles: number;
  components: { name: string; samples: LeakSample[]; bytes_per_cycle_after_50: number }[];
  card_frame_edits: { edits: number; heap_bytes: number }[];
}

const FIRST = 50;
const EVERY = 100;

export async function benchLeakGuard(options: { cycles: number }): Promise<LeakGuardBench> {
  const gateway = await startGatewayProcess();
  const merchant = await startMerchantServer();
  const browser = await launchChromium();
  try {
    const client = new GatewayClient(gateway.url);
    const open = async (leakCase: (typeof LEAK_CASES)[number]) => {
      const context = await browser.newContext();
      const lab = await openLeakLab(context, { merchantUrl: `${merchant.origin}/leak-guard`, gatewayUrl: gateway.url, sessionId: await createBenchSession(client, merchant.origin, 'leak'), leakCase });
      return { context, lab };
    };
    const components: LeakGuardBench['components'] = [];
    for (const leakCase of LEAK_CASES) {
      const { context, lab } = await open(leakCase);
      const samples: LeakSample[] = [];
      let done = 0;
      for (const checkpoint of checkpoints(options.cycles)) {
        await lab.cycles(checkpoint - done);
        done = checkpoint;
        samples.push(await lab.sample(checkpoint));
        console.log(`leak-guard: ${leakCase.name}, cycle ${checkpoint}: heap ${(samples.at(-1)!.heap_bytes / 1e6).toFixed(3)} MB`);
      }
      const first = samples[0]!;
      const last = samples.at(-1)!;
      components.push({ name: leakCase.name, samples, bytes_per_cycle_after_50: Math.round((last.heap_bytes - first.heap_bytes) / Math.max(1, last.cycle - first.cycle)) });
      await context.close();
    }
    const { context, lab } = await open(LEAK_CASES[0]!);
    const edits = await cardFrameEdits(context, await lab.mountOne(), { edits: 10_000, every: 2_000 });
    await context.close();
    return { cycles: options.cycles, components, card_frame_edits: edits };
  } finally {
    await browser.close();
    await merchant.stop();
    await gateway.stop();
  }
}

/** 50, then every 100 up to `cycles` (and `cycles` itself). */
function checkpoints(cycles: number): number[] {
  const points = [Math.min(FIRST, cycles)];
  for (let at = EVERY; at < cycles; at += EVERY) if (at > points.at(-1)!) points.push(at);
  if (points.at(-1)! < cycles) points.push(cycles);
  return points;
}
