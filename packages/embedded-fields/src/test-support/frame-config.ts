/**
 * The card frame's configuration as the unit tests start from: a new card in en-US, no
 * optional field, no styles, no save-card offer. A test says only what its case changes.
 * (e2e/frame-protocol.spec.ts keeps its own literal on purpose: it is the wire format of a
 * 1.0 script, which must not follow this one.)
 */
import { PROTOCOL_VERSION, type FrameConfig } from '../shared/protocol';

export function cardFrameConfig(overrides: Partial<FrameConfig> = {}): FrameConfig {
  return {
    protocolVersion: PROTOCOL_VERSION,
    component: 'card',
    locale: 'en-US',
    customerConfig: { hasHolderName: false, holderNameRequired: false, hasHolderEmail: false, holderEmailRequired: false },
    styles: {},
    saveCard: null,
    savedCard: null,
    ...overrides,
  };
}
