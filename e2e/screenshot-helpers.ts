/**
 * Where the browser tests write their screenshots: `test-results/screenshots/` (ignored by git,
 * emptied by Playwright at the start of each run), so a test run leaves the tree as it found it.
 * `npm run screenshots` sets E2E_SCREENSHOT_DIR=docs/screenshots to refresh the documentation's
 * copies on purpose.
 */
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export const SCREENSHOTS = path.resolve(root, process.env.E2E_SCREENSHOT_DIR || 'test-results/screenshots');

/** The path of screenshot `name` (a file name such as `chat-import-phone.png`). */
export function screenshotPath(name: string): string {
  return path.join(SCREENSHOTS, name);
}
