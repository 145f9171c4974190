/**
 * The fault rules for browser and resilience tests (README, "Test routes"): make the next N
 * requests to a route slow, fail with a 500, answer garbage, or drop the connection. The
 * rules live here; http/fault-injection.ts carries them out, routes/faults.ts takes them.
 *
 *  - POST   /__mock/faults {path, mode, delay_ms?, count?, phase?, method?}  adds a rule
 *  - GET    /__mock/faults                                                   the rules left
 *  - DELETE /__mock/faults                                                   removes them all
 *
 * `path` is a route as registered (`/api/transactions/:id/status`) or a concrete path
 * (`/api/transactions/3f…/status`); it matches on the API origin and on the simulators'
 * origin (the ACS's `/acs/challenge`). `/__mock/` routes are never faulted.
 *
 * Modes: 'slow' delays the answer by delay_ms (default 3000); 'error' answers 500 with the
 * spec's error body; 'garbage' answers 200 with bytes that are not JSON (under a JSON
 * content type, as a broken proxy would); 'down' destroys the socket without answering.
 *
 * `phase` 'after' (the default) lets the route run and faults its answer, which is the hard
 * case for a client: the payment exists although the client saw a failure, so a retry with
 * the same reference must return the same transaction. 'before' faults the request before
 * any route runs (nothing is created). The rules belong to one sandbox (its context, or
 * every replica of a shared store) and POST /__mock/reset clears them.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { Store } from '../store/store';
import { changeSandboxSetting } from './revision';

export const FAULT_MODES = ['slow', 'error', 'garbage', 'down'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];
export type FaultPhase = 'before' | 'after';

/** What a 'garbage' fault answers: an HTML error page cut short, a NUL and a stray byte. */
export const GARBAGE_BODY = Buffer.concat([
  Buffer.from('<html><body>502 Bad Gateway</body></html>\n{"result": {"id": "'),
  Buffer.from([0x00, 0xff, 0xfe]),
]);
export const DEFAULT_SLOW_MS = 3_000;

export interface FaultRule {
  id: number;
  path: string;
  mode: FaultMode;
  phase: FaultPhase;
  delay_ms: number;
  /** Requests still to fault. */
  remaining: number;
  /** Requests faulted so far. */
  hits: number;
  /** Only this HTTP method; any when null. */
  method: string | null;
}

/** A rule as POST /__mock/faults takes it: the type of its body's schema, not a twin of it. */
export type FaultRequest = FromSchema<typeof FAULT_REQUEST_BODY>;

interface FaultState {
  rules: FaultRule[];
  nextId: number;
}

const FAULTS_SETTING = 'fault-rules';

/**
 * The rules of one sandbox. Alone on its store a gateway keeps them in memory; on a shared
 * store (replicas) they live in the store, so "the next N requests" counts requests to any
 * replica: a request whose rule matches in the local copy takes its use in a unit of work.
 */
export class FaultTable {
  private state: FaultState = { rules: [], nextId: 1 };

  constructor(private readonly sharedStore?: Store) {}

  add(request: FaultRequest): Promise<FaultRule> {
    return this.change((state) => {
      const rule: FaultRule = {
        id: state.nextId++,
        path: request.path,
        mode: request.mode,
        phase: request.phase ?? 'after',
        delay_ms: request.delay_ms ?? (request.mode === 'slow' ? DEFAULT_SLOW_MS : 0),
        remaining: request.count ?? 1,
        hits: 0,
        method: request.method ?? null,
      };
      state.rules.push(rule);
      return { ...rule };
    });
  }

  /** Takes one use of the first rule matching the request, if any. */
  async take(method: string, routePath: string | undefined, path: string): Promise<FaultRule | undefined> {
    const matches = (r: FaultRule) => r.remaining > 0 && (r.method === null || r.method === method) && (r.path === routePath || r.path === path);
    if (!this.state.rules.some(matches)) return undefined; // the common case: no database work
    return this.change((state) => {
      const rule = state.rules.find(matches);
      if (!rule) return undefined;
      rule.remaining -= 1;
      rule.hits += 1;
      state.rules = state.rules.filter((r) => r.remaining > 0);
      return { ...rule };
    });
  }

  list(): FaultRule[] {
    return this.state.rules.map((r) => ({ ...r }));
  }

  clear(): Promise<void> {
    return this.change((state) => {
      state.rules = [];
    });
  }

  /** Reads the rules another replica changed (shared stores; sandbox/revision.ts calls it). */
  async load(): Promise<void> {
    if (this.sharedStore) this.state = (await this.sharedStore.setting<FaultState>(FAULTS_SETTING)) ?? { rules: [], nextId: 1 };
  }

  private async change<T>(operation: (state: FaultState) => T): Promise<T> {
    const store = this.sharedStore;
    if (!store) return operation(this.state);
    let result: T | undefined;
    this.state = await changeSandboxSetting<FaultState>(store, FAULTS_SETTING, { rules: [], nextId: 1 }, (state) => {
      result = operation(state);
      return state;
    });
    return result as T;
  }
}

/** A fault rule's fields as requests give them (POST /__mock/faults; the dashboard takes path, mode and count). */
export const FAULT_RULE_PROPERTIES = {
  path: { type: 'string', minLength: 1, maxLength: 2048, pattern: '^/' },
  mode: { type: 'string', enum: FAULT_MODES },
  delay_ms: { type: 'integer', minimum: 0, maximum: 120_000 },
  count: { type: 'integer', minimum: 1, maximum: 100_000 },
  phase: { type: 'string', enum: ['before', 'after'] },
  method: { type: 'string', enum: ['GET', 'POST', 'DELETE', 'PUT'] },
} as const;

export const FAULT_REQUEST_BODY = { type: 'object', required: ['path', 'mode'], additionalProperties: false, properties: FAULT_RULE_PROPERTIES } as const;
