/** The QA kit's public surface. */
export { GatewayClient, GatewayError, TEST_CREDENTIALS, TEST_CREDENTIALS_2, TEST_MERCHANT_ID, uniqueReference, type CardFields, type GatewayCredentials, type SavedCard } from './gateway-client';
export { TEST_CARDS, TEST_BROWSER_INFO, SIMULATED_FLOWS, RESPONSE_CODES, testCardScenario, type TestCard, type TestCardScenario, type SimulatedFlow } from '@payments/core';
// The spec's webhook check (JWT RS256 + data.SHA512 of the raw body), for merchants' own receivers too.
export { createWebhookVerifier, type WebhookVerification, type WebhookVerifier, type WebhookVerifierOptions, type WebhookKeys } from '@payments/mock-gateway';
export { startWebhookInbox, webhookTransactionId, type ReceivedWebhook, type WebhookInbox } from './webhook-inbox';
export { connectTestGateway, startTestGateway, type TestGateway, type TestGatewayOptions } from './test-gateway';
export { contractGuard, type ContractGuard } from './contract-guard';
export { startValidatingProxy, type ValidatingProxy, type ValidatingProxyOptions } from './validating-proxy';
export { startMerchantSite, checkoutPageUrl, type MerchantSite, type MerchantSiteOptions } from './merchant-site';
