/**
 * `@payments/mock-gateway/testing`: what a test suite needs to drive a gateway in-process and
 * look inside it (this workspace's hostile suite; anyone fuzzing the mock). For tests only,
 * never for production: a gateway built here keeps everything in memory, and the records are
 * the mock's own store, not a contract of the real gateway's API.
 */
export { testGateway, rawGet, type TestGateway, type Reply, type RawReply } from './test-harness';
export { PROVIDER_Y_CODES } from './config';
export type { TransactionRecord, SessionRecord, SavedPaymentMethod } from './store/records';
export type { FaultMode, FaultPhase, FaultRule } from './sandbox/faults';
