/** The QA kit's Playwright side: fixtures, card field helpers, 3-D Secure helpers. */
export { test, expect, type PaymentsTestFixtures, type PaymentsWorkerFixtures, type HostedPage } from './fixtures';
export { CARD_FIELD_LABELS, CARD_FRAME_TITLE, cardField, cardFieldLabels, cardFrame, cardFrameTitle, cardFieldFrameTitle, fillCard, readField, splitCardFrames, waitForCardReady, type CardFieldName, type SplitCardFrames, type CardInput, type FieldReading } from './card-fields';
export { challengeDialog, completeChallenge, type ChallengeOutcome } from './three-ds';
export { connectTestGateway, startTestGateway, type TestGateway, type TestGatewayOptions } from '../test-gateway';
export { startWebhookInbox, webhookTransactionId, type ReceivedWebhook, type WebhookInbox } from '../webhook-inbox';
export { startMerchantSite, checkoutPageUrl, type MerchantSite, type MerchantSiteOptions } from '../merchant-site';
