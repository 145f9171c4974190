import type { FastifyInstance } from 'fastify';
import type { SandboxRevision } from '../sandbox/revision';

/**
 * A part's first hook, before anything else sees a request (faults, routes): the sandbox's
 * settings are current (sandbox/revision.ts). The probes' part has none: a probe must answer
 * even when the database does not.
 */
export function syncSandboxOnRequest(app: FastifyInstance, revision: SandboxRevision): void {
  app.addHook('onRequest', async () => {
    await revision.refresh();
  });
}
