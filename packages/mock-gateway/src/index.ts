/** Public surface of the mock gateway: start one, or build one for in-process tests. */
export { createGateway, type Gateway, type GatewayOptions } from './app';
export { startGateway, type RunningGateway, type StartOptions } from './server';
export { defaultConfig, loadConfig, DEFAULT_MERCHANT, SECOND_MERCHANT, type GatewayConfig, type MerchantConfig, type TerminalConfig } from './config';
export type { GatewayContext, GatewayUrls } from './context';
export type { WebhookDelivery, WebhookAttempt } from './webhooks/outbox';
export { createWebhookVerifier, gatewayKeys, type WebhookVerification, type WebhookVerifier, type WebhookVerifierOptions, type WebhookKeys } from './webhooks/webhook-verifier';
export { AnswerChecker, type Answer } from './contract/answer-check';
export { formBody, gatewayApi, requestAccessToken, type Credential, type GatewayApi, type GatewayApiOptions, type Schemas, type components, type paths } from './client/api-client';
