import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';
import { refuseHostileInput } from './edge';
import { injectFaults } from './fault-injection';
import { syncSandboxOnRequest } from './sandbox-sync';

/**
 * The hooks of each part a merchant or a shopper's browser reaches (the API, the pages, the
 * dashboard's API, the simulators): the sandbox's settings current first, then its fault
 * rules, then the edge's input rule before validation.
 */
export function publicPartHooks(app: FastifyInstance, ctx: GatewayContext): void {
  syncSandboxOnRequest(app, ctx.sandbox.revision);
  injectFaults(app, ctx.sandbox.faults);
  app.addHook('preValidation', refuseHostileInput);
}
