/**
 * lazyPage: a page whose module arrived before its first render renders at once. Suspending
 * would show the fallback, and React then holds the page's commits back (300 ms) so that the
 * fallback does not flash: the home was drawn ~250 ms after its answer was ready (bench/home.ts).
 */
import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { lazyPage } from '../../src/lib/lazy-page.ts';

function Page({ title }: { title: string }) {
  return createElement('p', null, title);
}

const render = (component: React.ComponentType<{ title: string }>) =>
  renderToString(createElement(Suspense, { fallback: 'loading' }, createElement(component, { title: 'the page' })));

it('renders a page loaded ahead of its first render at once, without the fallback', async () => {
  const LazyPage = lazyPage(async () => ({ Page }), 'Page');
  await LazyPage.preload();
  const html = render(LazyPage);
  expect(html).toContain('<p>the page</p>');
  expect(html).not.toContain('loading');
});

it('shows the fallback for a page still loading, and the page once it has come', async () => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const LazyPage = lazyPage(async () => {
    await arrived;
    return { Page };
  }, 'Page');
  expect(render(LazyPage)).toContain('loading');
  arrive();
  await LazyPage.preload();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(render(LazyPage)).toContain('<p>the page</p>');
});
