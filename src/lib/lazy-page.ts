import { lazy, useCallback, useState, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazy page that can also be fetched ahead of its first render. */
export type LazyPage<P> = LazyExoticComponent<ComponentType<P>> & { preload(): Promise<unknown> };

/**
 * React.lazy for a module's named export, so pages keep named exports; `preload()` fetches it early.
 * A page whose module has arrived before its first render does not suspend: React reads a thenable
 * that settles at once synchronously. Suspending would show the fallback, and React then holds the
 * page's next commits back for 300 ms so that the fallback does not flash (bench/home.ts measured
 * the home drawn ~250 ms after its answer was ready).
 */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<{ [key in K]: (props: P) => React.ReactNode }>,
  name: K,
): LazyPage<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = { default: module[name] as ComponentType<P> };
      return module;
    });
  const component = lazy(() => {
    if (!loaded) return preload().then(() => loaded!);
    const page = loaded;
    // A thenable, not a promise: React.lazy sees it settled before it returns and renders at once.
    return { then: (resolve: (module: typeof page) => void) => resolve(page) } as unknown as Promise<typeof page>;
  });
  return Object.assign(component, { preload });
}

/**
 * A component's module loaded on demand, for what the first screen shows only as a button (a
 * menu, a popover): the button calls `warm()` when the user reaches for it (hover, focus, touch)
 * to start the download, and `open()` on click; `module` is set once loaded after `open()`, and
 * the button then gives way to the real component, rendered open.
 */
export function useOnDemand<M>(load: () => Promise<M>): { module: M | null; warm(): void; open(): void } {
  const [loaded, setLoaded] = useState<{ module: M } | null>(null);
  const warm = useCallback(() => void load().catch(() => undefined), [load]);
  const open = useCallback(() => {
    load().then(
      (module) => setLoaded({ module }),
      () => undefined,
    );
  }, [load]);
  return { module: loaded?.module ?? null, warm, open };
}
