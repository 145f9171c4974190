/**
 * The catalog the gateway wrote into this document (`<script type="application/json"
 * id="ef-catalog" data-locale="…">`, the mock gateway's http/document-catalog.ts): handed to
 * core's provideMessages, so the page draws in that locale without a request or a module
 * import. Absent, or not a catalog: nothing happens, and loadMessages fetches the chunk.
 */
import { DOCUMENT_CATALOG_ELEMENT_ID, isLocaleTag, provideMessages, type LocaleTag } from '@payments/core';

/** Takes the document's catalog; answers its locale, or undefined when there was none to take. */
export function takeDocumentCatalog(doc: Document = document): LocaleTag | undefined {
  const block = doc.getElementById(DOCUMENT_CATALOG_ELEMENT_ID);
  const locale = block?.getAttribute('data-locale');
  if (!block || !isLocaleTag(locale)) return undefined;
  try {
    return provideMessages(locale, JSON.parse(block.textContent ?? '')) ? locale : undefined;
  } catch {
    return undefined;
  }
}
