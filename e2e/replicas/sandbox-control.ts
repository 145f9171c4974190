/** The tests' side of global-setup.ts's control server: the replicas behind the balancer. */
export interface ReplicaView {
  name: string;
  /** Its own API port (past the balancer). */
  apiPort: number;
  running: boolean;
  /** HAProxy's status of its API server: UP, DOWN, or a transition such as "UP 1/2". */
  balancer: string;
  log: string[];
  /** After `stop`: the code it exited with. */
  exitCode?: number | null;
}

const control = () => {
  const url = process.env.SHARED_SANDBOX_CONTROL;
  if (!url) throw new Error('SHARED_SANDBOX_CONTROL is not set: run with e2e/replicas/playwright.config.ts');
  return url;
};

export async function replicas(): Promise<ReplicaView[]> {
  return (await fetch(`${control()}/replicas`)).json() as Promise<ReplicaView[]>;
}

export async function replica(name: string, action: 'status' | 'kill' | 'stop' | 'start' = 'status'): Promise<ReplicaView> {
  const response = await fetch(`${control()}/replicas/${name}/${action}`, { method: action === 'status' ? 'GET' : 'POST' });
  if (!response.ok) throw new Error(`sandbox control: ${action} ${name}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<ReplicaView>;
}

/** The replicas' Postgres: its URL, a URL for another database on it ("DATABASE" in `urlOf`), or stopped / started again. */
export async function database(action?: 'pause' | 'resume'): Promise<{ url: string; urlOf: string }> {
  const response = await fetch(`${control()}/database${action ? `/${action}` : ''}`, { method: action ? 'POST' : 'GET' });
  if (!response.ok) throw new Error(`sandbox control: database ${action ?? ''}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ url: string; urlOf: string }>;
}
