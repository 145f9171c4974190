/**
 * The card form's rules: each field's edit rule and state, the brands, the saved card's
 * description and the card data to encrypt (field-controller.ts, card-fields.ts and core's
 * card validators). In the card frame they are a chunk of their own, fetched as the ready
 * report leaves, like penpal (card-rules-loader.ts): a form with nothing typed in it needs
 * none of them to draw. The frame's code reaches them only through the loader (a static
 * import would put them back in its first download). The hosted page loads them the same
 * way, at the shopper's first focus or touch (the secure face); its first view, drawn in
 * Node, awaits them first. A co-badged card's network chooser is reached through them too
 * (network-choice.ts): a number has networks only once they are here.
 */
import { CARD_BRANDS, cardBrandName, chooseCardNetwork, detectCardBrand, detectCardNetworks, gatewayNetworkName, normalizeCardNumber, toEncryptableExpiry, validateExpiry } from '@payments/core';
import type { CardBrand } from '@payments/core';
import { cardFieldState, editCardField } from './card-fields';
import { cardNumberReady, describeSavedCard, editKindOf, savedCardExpired } from './field-controller';
import { heldFieldValue } from './held-typing';
import { renderNetworkChoice } from './network-choice';

/** An expiry as typed, as the month and four-digit year to encrypt; undefined unless valid now. */
function encryptableExpiry(value: string): { month: string; year: string } | undefined {
  const expiry = validateExpiry(value, new Date(), { final: true }).expiry;
  return expiry ? toEncryptableExpiry(expiry) : undefined;
}

/** Every network of a (partial) number, and the one a payment on it goes on. */
export interface CardNetworks {
  networks: readonly string[];
  network?: string | undefined;
  /** A co-badged card's network as the gateway writes it (CARTES_BANCAIRES), to send; absent for one network. */
  chosen?: string | undefined;
}

function cardNetworks(number: string, chosen: string | undefined, preferred: readonly string[] | undefined): CardNetworks {
  const networks = detectCardNetworks(number);
  const network = chooseCardNetwork(networks, { chosen, preferred });
  return { networks, network, chosen: networks.length > 1 && network ? gatewayNetworkName(network) : undefined };
}

/** The brand with this id (split fields: the brand the number's frame shares), undefined for none or an unknown id. */
function brandById(id: string | null): CardBrand | undefined {
  return CARD_BRANDS.find((brand) => brand.id === id);
}

export const cardRules = {
  brandById,
  cardBrandName,
  cardFieldState,
  editCardField,
  editKindOf,
  cardNumberReady,
  describeSavedCard,
  savedCardExpired,
  detectCardBrand,
  cardNetworks,
  renderNetworkChoice,
  normalizeCardNumber,
  encryptableExpiry,
  heldFieldValue,
};

export type CardRules = typeof cardRules;
