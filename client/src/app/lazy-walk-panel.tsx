import { lazy, Suspense, type ComponentProps } from 'react';

// Walk mode's status lines (with the compass) and the found story's card load when a walk starts or has something
// to say, not with the page: most visits never walk (bench/README.md: JavaScript before the page is idle).
const WalkStatus = lazy(() => import('./walk-status-with-compass').then((m) => ({ default: m.WalkStatusWithCompass })));
const WalkCard = lazy(() =>
  import('#client/features/walk/components/walk-panel').then((m) => ({ default: m.WalkCard })),
);

/** The walk's status lines, mounted while walking, or while a notice (why the walk ended) or its finds are shown. */
export function LazyWalkStatus(props: ComponentProps<typeof WalkStatus>) {
  if (!props.walk.active && !props.walk.notice && props.walk.found.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <WalkStatus {...props} />
    </Suspense>
  );
}

/** `WalkCard`, mounted while a found story is shown. */
export function LazyWalkCard(props: ComponentProps<typeof WalkCard>) {
  if (!props.walk.current) return null;
  return (
    <Suspense fallback={null}>
      <WalkCard {...props} />
    </Suspense>
  );
}
