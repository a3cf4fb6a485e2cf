import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a module's named export, so pages keep named exports. */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<{ [key in K]: (props: P) => React.ReactNode }>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
}
