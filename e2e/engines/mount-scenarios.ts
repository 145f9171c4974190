/**
 * A mount cancelled by unmount() leaves nothing behind, in every engine (issue #25): the test
 * shop's single-page checkout (e2e/pages/mount-cycles.html) mounts and unmounts as React's
 * StrictMode and a router do, logs each component's events and mount outcomes, and counts
 * the window's `message` listeners by identity from before embedded-fields.js loaded.
 *
 * `mountScenarios(engine, context)` registers them inside engineSuite (scenarios.ts).
 */
import { beforeEach, describe, expect, test } from 'vitest';
import type { EngineDriver, EngineName } from './driver';
import type { Shopper } from './shopper';

/** What the page's `lab.snapshot()` answers (see the page and e2e/models/mount-cycles-page.ts). */
interface LabState {
  frames: { slot: number };
  listeners: number;
  log: string[][];
  after: string[][];
  outcomes: string[][];
  readyAtUnmount: boolean[];
  unhandled: string[];
  cyclesDone: boolean;
}

export interface MountScenarioContext {
  driver(): EngineDriver;
  shopper(): Shopper;
  createSession(): Promise<{ id: string }>;
}

const ABORTED = 'rejected AbortError mount_aborted';
const DESKTOP = { width: 1280, height: 800 };

export function mountScenarios(engine: EngineName, context: MountScenarioContext): void {
  const state = () => context.shopper().eval<LabState>('lab.snapshot()');
  const until = (ok: (s: LabState) => boolean, what: string) => context.shopper().until(state, ok, what);
  const open = async () => {
    const session = await context.createSession();
    await context.shopper().openShop('/mount-cycles', { session: session.id });
  };

  describe(`${engine}: a mount cancelled by unmount() leaves nothing behind`, () => {
    beforeEach(async () => {
      await context.driver().reset();
      await context.driver().setViewport(DESKTOP.width, DESKTOP.height);
    });

    test('mount, unmount before ready, mount again: one frame; the unmounted component says nothing and leaves no message listener', async () => {
      await open();
      // In one task, as StrictMode does: nothing of the first mount may outlive unmount().
      const cancelled = await context.shopper().eval<{ frames: number; listeners: number }>(
        '(() => { const first = lab.create(); lab.mount(first); lab.unmount(first); return { frames: lab.frames(), listeners: lab.listeners() }; })()',
      );
      expect(cancelled).toEqual({ frames: 0, listeners: 0 });
      await context.shopper().eval('lab.mount(lab.create())');
      const ready = await until((s) => s.outcomes[1]!.length > 0, 'the second mount to settle');
      expect(ready.outcomes).toEqual([[ABORTED], ['resolved']]);
      expect(ready.frames.slot).toBe(1);
      expect(ready.log[0]).toEqual([]);
      expect(ready.log[1]!.filter((name) => name === 'ready')).toHaveLength(1);
      await context.shopper().eval('lab.unmount(1)');
      const after = await state();
      expect({ frames: after.frames.slot, listeners: after.listeners, first: after.log[0], unhandled: after.unhandled }).toEqual({ frames: 0, listeners: 0, first: [], unhandled: [] });
    });

    test('ten quick mount / unmount cycles leave one frame, and it pays; the ten say nothing and leave no message listener', async () => {
      await open();
      await context.shopper().eval('lab.cycles(10)');
      const cycled = await until((s) => s.cyclesDone && s.outcomes.every((outcome) => outcome.length > 0), 'ten cycles');
      // A mount cancelled in flight rejects; one that a late timer unmounted after it was ready had resolved.
      expect(cycled.outcomes).toEqual(cycled.readyAtUnmount.map((ready) => [ready ? 'resolved' : ABORTED]));
      expect(cycled.readyAtUnmount[0]).toBe(false); // unmounted in the task that mounted it
      expect(cycled.after).toEqual(Array.from({ length: 10 }, () => []));
      expect({ frames: cycled.frames.slot, listeners: cycled.listeners }).toEqual({ frames: 0, listeners: 0 });
      await context.shopper().eval('lab.mount(lab.create())');
      const ready = await until((s) => s.outcomes[10]!.length > 0, 'the last mount to settle');
      expect(ready.outcomes[10]).toEqual(['resolved']);
      expect(ready.frames.slot).toBe(1);
      await context.shopper().fillCard({ number: '4000000000000002' });
      await context.shopper().pay();
      await context.shopper().result('Approved APPROVED');
      const paid = await state();
      expect(paid.after.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => []));
      await context.shopper().eval('lab.unmount(10)');
      const after = await state();
      expect({ frames: after.frames.slot, listeners: after.listeners, unhandled: after.unhandled }).toEqual({ frames: 0, listeners: 0, unhandled: [] });
    });
  });
}
