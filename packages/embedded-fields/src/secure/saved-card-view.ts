/**
 * A saved card's summary (its brand's mark, name, last four digits and expiry), drawn above
 * its CVV. It comes with the card rules (card-rules.ts), as the description it draws does
 * (describeSavedCard): a saved card's frame has them before it is ready, and the card frame's
 * entry, which a new card downloads before ready, does not carry it.
 */
import { formatMessage, type Messages } from '@payments/core';
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { brandMark } from './card-marks';
import type { SavedCardView } from './field-controller';

export function renderSavedCard(card: SavedCardView, expired: boolean, text: Messages): TemplateResult {
  const spoken = formatMessage(text.savedCard.cardEnding, { brand: card.brandName, last4: card.last4 });
  const expiry = formatMessage(expired ? text.savedCard.expired : text.savedCard.expires, { date: card.expiry });
  return html`<div class="ef-saved">
    <span aria-hidden="true">${brandMark(card.brand?.id)}</span>
    <span class="ef-saved-text">
      <span class="ef-saved-number"
        ><span aria-hidden="true">${card.brandName}${card.last4 ? ` •••• ${card.last4}` : ''}</span
        ><span class="ef-sr-only">${card.last4 ? spoken : card.brandName}</span></span
      >
      ${card.expiry ? html`<span class="ef-saved-expiry ${expired ? 'ef-saved-expiry--expired' : ''}">${expiry}</span>` : nothing}
    </span>
  </div>`;
}
