/**
 * Every language's page texts at once: for tests, the package's Node surface and the
 * gateway's first view (first-view.ts). Never imported by the page's script, which loads
 * one language (texts.ts).
 */
import type { LocaleTag } from '@payments/core';
import type { PageTexts } from '../texts';
import { texts as bsBA } from './bs-BA';
import { texts as enUS } from './en-US';
import { texts as roRO } from './ro-RO';
import { texts as svSE } from './sv-SE';

export const PAGE_TEXTS: Readonly<Record<LocaleTag, PageTexts>> = { 'en-US': enUS, 'bs-BA': bsBA, 'ro-RO': roRO, 'sv-SE': svSE };
