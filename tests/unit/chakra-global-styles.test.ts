import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { globalCssOf, lazyGlobals, withGlobalStyles } from '../../scripts/chakra-global-styles.ts';

/** The installed Chakra's createSystem module, as the build reads it. */
function systemSource(): string {
  const entry = createRequire(import.meta.url).resolve('@chakra-ui/react');
  const esm = path.join(path.dirname(entry), '..', 'esm', 'styled-system', 'system.js');
  return readFileSync(esm, 'utf8');
}

describe("Chakra's global styles built by the build", () => {
  it('makes the installed createSystem build _global only when read', () => {
    const source = systemSource();
    expect(source).toContain('const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];');
    const lazy = lazyGlobals(source);
    expect(lazy).not.toContain('const _global');
    expect(lazy).toMatch(/get _global\(\) \{\s*return \[getPreflightCss\(\), getGlobalCss\(\), getTokenCss\(\)\];/);
  });

  it('refuses a Chakra whose createSystem has changed', () => {
    expect(() => lazyGlobals('function createSystem() { return { _global: [] }; }')).toThrow(/update the plugin/);
  });

  it("takes the global styles from a server render and puts them last in a page's head", () => {
    const markup =
      '<style data-emotion="css-global ad1llf">@layer reset, base;</style><p>x</p>' +
      '<style data-emotion="css-global 1czbb6">:root{--chakra-colors-bg:#fff}</style>' +
      '<style data-emotion="css 1x">.css-1x{color:red}</style>';
    const css = globalCssOf(markup);
    expect(css).toBe('@layer reset, base;:root{--chakra-colors-bg:#fff}');
    expect(withGlobalStyles('<head><title>t</title></head><body></body>', css)).toBe(
      `<head><title>t</title><style data-chakra-global>${css}</style></head><body></body>`,
    );
    expect(() => globalCssOf('<p>no styles</p>')).toThrow(/no Chakra global styles/);
    expect(() => withGlobalStyles('<head></head>', 'a{}</style><script>')).toThrow(/close/);
  });
});
