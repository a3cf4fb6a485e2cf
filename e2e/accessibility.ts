/** The accessibility check the browser tests share: axe-core on the page as it is now. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * No serious or critical WCAG 2.1 A/AA violation on the page as it is now. Enter animations
 * (drawers, dialogs) finish first, so colours are measured as shown.
 */
export async function expectAccessible(page: Page, what: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    // Only violations are read, so axe need not write up the passing and inapplicable nodes (no
    // clear time saved on these pages). Before withTags: options() replaces what withTags set.
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      page: what,
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  expect(serious, what).toEqual([]);
}
