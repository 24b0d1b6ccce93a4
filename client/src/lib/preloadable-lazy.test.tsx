import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mapPageAt } from '#common/map-pages';
import { paths } from '#client/config/paths';
import { preloadableLazy } from './preloadable-lazy';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const inBoundary = (node: React.ReactNode) => renderToString(<Suspense fallback={<p>Loading</p>}>{node}</Suspense>);

describe('preloadableLazy', () => {
  it('renders the component at once when its module was preloaded: no fallback', async () => {
    let loads = 0;
    const { Component, preload } = preloadableLazy(
      async () => {
        loads += 1;
        return { Greeting };
      },
      (module) => module.Greeting,
    );
    await Promise.all([preload(), preload()]);
    expect(inBoundary(<Component name="Ada" />)).toContain('Hello <!-- -->Ada');
    expect(loads).toBe(1);
  });

  it('suspends like React.lazy when the module is not in yet', () => {
    const { Component } = preloadableLazy(
      () => new Promise<{ Greeting: typeof Greeting }>(() => {}),
      (module) => module.Greeting,
    );
    expect(inBoundary(<Component name="Ada" />)).toContain('Loading');
  });

  it('asks again after a failed load', async () => {
    let attempts = 0;
    const { preload } = preloadableLazy(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return { Greeting };
      },
      (module) => module.Greeting,
    );
    await expect(preload()).rejects.toThrow('offline');
    await expect(preload()).resolves.toEqual({ Greeting });
    expect(attempts).toBe(2);
  });
});

describe('mapPageAt', () => {
  it('knows the client routes that open on the story map', () => {
    expect(mapPageAt(paths.home)).toBe('home');
    expect(mapPageAt(paths.story('a1'))).toBe('home');
    expect(mapPageAt(paths.discover)).toBe('discover');
    expect(mapPageAt(paths.discoverAdvanced)).toBe('discover');
    for (const other of [
      paths.myStories,
      paths.discoverSimple,
      paths.setup,
      paths.auth,
      paths.tour('t1'),
      '/nowhere',
    ]) {
      expect(mapPageAt(other)).toBeNull();
    }
  });
});
