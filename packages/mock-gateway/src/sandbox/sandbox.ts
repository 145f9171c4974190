/**
 * The sandbox's own state, one per gateway (every replica of a shared store acts as one
 * sandbox): the clock, the settings of POST /__mock/config and the fault rules. Each change
 * goes through `changeSandboxSetting` (revision.ts); `load` reads them all again, at start and
 * when another replica moved the revision.
 */
import type { GatewayConfig } from '../config';
import type { Store } from '../store/store';
import type { Clock } from './clock';
import { changeSandboxConfig, loadSandboxConfig, type SandboxConfig } from './config';
import { FaultTable } from './faults';
import { SandboxRevision } from './revision';

export class Sandbox {
  readonly faults: FaultTable;
  /** Reloads the settings another replica changed (each request on a shared store asks it first). */
  readonly revision: SandboxRevision;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly config: GatewayConfig,
  ) {
    this.faults = new FaultTable(store.shared ? store : undefined);
    this.revision = new SandboxRevision(store, () => this.load());
  }

  async load(): Promise<void> {
    await Promise.all([this.clock.load(), loadSandboxConfig(this.store, this.config), this.faults.load()]);
  }

  changeConfig(change: SandboxConfig): Promise<void> {
    return changeSandboxConfig(this.store, this.config, change);
  }
}
