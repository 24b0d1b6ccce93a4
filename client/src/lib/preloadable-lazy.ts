import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a chunk the app may have fetched before it renders: `preload()` starts (or joins) the download,
 * and once the module is in, the lazy component reads it at once instead of suspending. React's `lazy` accepts any
 * thenable and takes one that calls back synchronously as already loaded, so the first render shows the page
 * rather than its fallback. That matters beyond the fallback's frame: React holds back the reveal of a boundary
 * that suspended until 300 ms after its fallback showed, which left the map pages idle for a quarter of a second
 * before the map was made (bench/README.md: largest contentful paint).
 */
// React's own bound for a lazy component's type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function preloadableLazy<M, C extends ComponentType<any>>(load: () => Promise<M>, pick: (module: M) => C) {
  let loaded: { module: M } | undefined;
  let loading: Promise<M> | undefined;
  const preload = (): Promise<M> =>
    (loading ??= load().then(
      (module) => {
        loaded = { module };
        return module;
      },
      (error: unknown) => {
        // A later render or preload asks again (the chunk may have failed on a flaky network).
        loading = undefined;
        throw error;
      },
    ));
  const Component = lazy(() => {
    if (loaded) {
      const resolved = { default: pick(loaded.module) };
      return { then: (onLoaded: (value: typeof resolved) => void) => onLoaded(resolved) } as unknown as Promise<
        typeof resolved
      >;
    }
    return preload().then((module) => ({ default: pick(module) }));
  });
  return { Component, preload };
}
