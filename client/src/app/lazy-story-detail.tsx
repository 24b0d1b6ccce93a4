import { lazy, Suspense, useState, type ComponentProps } from 'react';

// The story dialog (Radix dialog, scroll lock, media players, report form) is downloaded when a story is first
// opened, not with the page (bench/README.md: JavaScript before the page is idle).
const StoryDetailDialog = lazy(() =>
  import('#client/features/stories/components/story-detail-dialog').then((m) => ({ default: m.StoryDetailDialog })),
);

/** `StoryDetailDialog`, mounted from the first open on (and kept, so closing animates). */
export function LazyStoryDetailDialog(props: ComponentProps<typeof StoryDetailDialog>) {
  const [used, setUsed] = useState(false);
  if (props.storyId !== null && !used) setUsed(true);
  if (!used && props.storyId === null) return null;
  return (
    <Suspense fallback={null}>
      <StoryDetailDialog {...props} />
    </Suspense>
  );
}
