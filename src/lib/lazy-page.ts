import { lazy, useCallback, useState, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazy page that can also be fetched ahead of its first render. */
export type LazyPage<P> = LazyExoticComponent<ComponentType<P>> & { preload(): Promise<unknown> };

/** React.lazy for a module's named export, so pages keep named exports; `preload()` fetches it early. */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<{ [key in K]: (props: P) => React.ReactNode }>,
  name: K,
): LazyPage<P> {
  const component = lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
  return Object.assign(component, { preload: load });
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
