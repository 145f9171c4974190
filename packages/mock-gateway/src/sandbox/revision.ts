/**
 * Replicas on one store act as one sandbox (README, "Running a shared sandbox"). What the
 * test routes change for the whole sandbox (the clock's offset, POST /__mock/config, the fault
 * rules) is kept in the store, and every such change also moves one revision number in the
 * same unit of work. A gateway alone on its store holds the truth in memory. On a shared
 * store each request first reads the revision (one primary-key read) and, when another
 * replica moved it, reloads those settings: a clock advanced through replica A is the clock of
 * the next request on replica B.
 */
import { settingLock } from '../store/locks';
import type { Store } from '../store/store';

const REVISION = 'sandbox-revision';

/** The lock every change of a sandbox-wide setting takes (one lock: such changes are rare). */
const sandboxLock = settingLock(REVISION);

/**
 * Every change of a sandbox-wide setting (the clock's offset, the config, the fault rules):
 * in one unit of work under the sandbox's lock, reads the stored value (`initial` when there
 * is none), stores what `change` makes of it and moves the revision, so the other replicas
 * reload. Returns the stored value.
 */
export async function changeSandboxSetting<S>(store: Store, key: string, initial: S, change: (current: S) => S): Promise<S> {
  return store.atomic([sandboxLock], async () => {
    const next = change((await store.setting<S>(key)) ?? initial);
    store.putSetting(key, next);
    store.putSetting(REVISION, ((await store.setting<number>(REVISION)) ?? 0) + 1);
    return next;
  });
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
