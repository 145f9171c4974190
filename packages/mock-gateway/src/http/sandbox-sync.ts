import type { FastifyInstance } from 'fastify';
import type { SandboxRevision } from '../sandbox/revision';

/** Before anything else sees a request (faults, routes): the sandbox's settings are current. */
export function syncSandboxOnRequest(app: FastifyInstance, revision: SandboxRevision): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/health')) return; // a probe must answer even when the database does not
    await revision.refresh();
  });
}
