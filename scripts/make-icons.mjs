/**
 * Renders the app icons drawn in public/icons/*.svg into the PNGs the manifest and iOS need, with
 * Debian's Chromium through Playwright: `node scripts/make-icons.mjs`. The PNGs are committed;
 * run this again after changing a drawing.
 */
import { chromium } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../public/icons');

/** [source drawing, output file, size in px]. Maskable and Apple icons are full-bleed (no transparency). */
const outputs = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['maskable.svg', 'maskable-512.png', 512],
  ['maskable.svg', 'apple-touch-icon.png', 180],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  for (const [source, file, size] of outputs) {
    const svg = await readFile(path.join(dir, source), 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({ path: path.join(dir, file), omitBackground: true });
    console.log(`public/icons/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
