/** POST, GET and DELETE /__mock/faults: the sandbox's fault rules (sandbox/faults.ts). */
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';
import { FAULT_REQUEST_BODY, type FaultRequest } from '../sandbox/faults';
import { addFaultSchema, clearSchema, listFaultsSchema } from './schemas/test-routes';

export function registerFaultRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const table = ctx.sandbox.faults;
  app.post<{ Body: FaultRequest }>('/faults', { schema: addFaultSchema(FAULT_REQUEST_BODY) }, async (request) => table.add(request.body));
  app.get('/faults', { schema: listFaultsSchema }, async () => ({ faults: table.list() }));
  app.delete('/faults', { schema: clearSchema }, async (_request, reply) => {
    await table.clear();
    return reply.code(204).send();
  });
}
