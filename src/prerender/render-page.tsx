/**
 * The build's server render of a public page (scripts/prerender-plugin.ts): the app's own tree,
 * with a memory router on the page's path, rendered once every lazy page has loaded. Chakra's
 * emotion writes each component's styles as a `<style data-emotion>` beside it; in the browser,
 * emotion moves them into the head before React hydrates, and does not insert them again.
 */
import { Global } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app.tsx';
import { PrerenderContext } from '../app/prerender.ts';
import { routes } from '../app/router.tsx';
import { system } from '../app/theme/system.ts';

/** The markup of the page at `url` (what goes inside `#root`). */
export async function renderPage(url: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const path = new URL(url, 'http://build.invalid').pathname;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PrerenderContext value={path}>
        <App router={router} />
      </PrerenderContext>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/**
 * Chakra's global styles as CSS (its layer order, reset, global CSS and tokens), which the build
 * writes into every page's HTML (scripts/chakra-global-styles.ts): rendered by emotion as the
 * provider would in the browser, from the app's own theme.
 */
export function renderGlobalStyles(): string {
  return renderToStaticMarkup(<Global styles={[system.layers.atRule, system._global]} />);
}
