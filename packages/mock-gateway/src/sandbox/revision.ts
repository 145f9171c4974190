/**
 * Replicas on one store act as one sandbox (README, "Running a shared sandbox"). What the
 * test routes change for the whole sandbox (the clock's offset, POST /__mock/config, the fault
 * rules) is kept in the store, and every such change also moves one revision number in the
 * same unit of work. A gateway alone on its store holds the truth in memory. On a shared
 * store each request first reads the revision (one primary-key read) and, when another
 * replica moved it, reloads those settings: a clock advanced through replica A is the clock of
 * the next request on replica B.
 */
import type { FastifyInstance } from 'fastify';
import { settingLock } from '../store/locks';
import type { Store } from '../store/store';

const REVISION = 'sandbox-revision';

/** The lock every change of a sandbox-wide setting takes (one lock: such changes are rare). */
export const sandboxLock = settingLock(REVISION);

/** Inside a unit of work holding `sandboxLock`: tells the other replicas to reload. */
export async function bumpSandboxRevision(store: Store): Promise<void> {
  store.putSetting(REVISION, ((await store.setting<number>(REVISION)) ?? 0) + 1);
}

/** Reloads the sandbox-wide settings when another replica changed them (shared stores only). */
export class SandboxRevision {
  private seen: number | undefined;
  private loading: { revision: number; done: Promise<void> } | undefined;

  constructor(
    private readonly store: Store,
    private readonly reload: () => Promise<void>,
  ) {}

  async refresh(): Promise<void> {
    if (!this.store.shared) return;
    const revision = (await this.store.setting<number>(REVISION)) ?? 0;
    if (revision === this.seen) return;
    // Requests arriving together share one reload of the revision they saw.
    if (this.loading?.revision !== revision) {
      const done = this.reload().then(() => {
        if (this.loading?.revision === revision) this.seen = revision;
      });
      this.loading = { revision, done };
      done.catch(() => (this.loading = undefined));
    }
    await this.loading.done;
  }
}

/** Before anything else sees a request (faults, routes): the sandbox's settings are current. */
export function syncSandboxOnRequest(app: FastifyInstance, revision: SandboxRevision): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/health')) return; // a probe must answer even when the database does not
    await revision.refresh();
  });
}
