/**
 * The types of the gateway's document: generated once, into @payments/core
 * (core/src/generated/gateway-api.ts, `pnpm --filter @payments/mock-gateway openapi`), where
 * core's wire types are named from them too.
 */
export type { GatewayComponents as components, GatewayPaths as paths } from '@payments/core';
