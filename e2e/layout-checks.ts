/**
 * The phone layout checks of the issue-20 journeys: how far the page reaches past the viewport's
 * right edge (0 when nothing scrolls sideways) and the visible buttons and tabs whose text is cut.
 */
import type { Page } from '@playwright/test';

export async function layoutProblems(page: Page): Promise<{ sideways: number; clipped: (string | null)[] }> {
  return page.evaluate(() => ({
    sideways: document.documentElement.scrollWidth - window.innerWidth,
    clipped: [...document.querySelectorAll('button, [role="tab"]')]
      .filter((b) => (b as HTMLElement).offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
      .map((b) => b.textContent),
  }));
}
