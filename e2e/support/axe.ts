/**
 * axe-core as every suite runs it: WCAG 2.2 A and AA (and axe's best practices for whole
 * pages), one line per violation naming the rule and the elements, so a failure reads as
 * what to fix. Components are checked inside the merchant page (`include` their container
 * or frame): axe follows into the secure frames.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export interface AxeScope {
  /** A selector on the merchant page (a container, or the frame itself); the whole page when absent. */
  include?: string;
  /**
   * Also axe's best-practice rules (one main landmark, an h1…): for whole pages only; a
   * widget inside the merchant's page must not add a landmark.
   */
  bestPractice?: boolean;
}

export async function expectNoAxeViolations(page: Page, scope: AxeScope = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(scope.bestPractice ? [...WCAG_TAGS, 'best-practice'] : WCAG_TAGS);
  if (scope.include) builder = builder.include(scope.include);
  const results = await builder.analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
