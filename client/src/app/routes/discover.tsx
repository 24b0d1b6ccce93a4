import { Suspense, useState } from 'react';
import type { Story } from '#common/schemas';
import { PageShell } from '#client/components/layout/page-shell';
import { LazyStoryDetailDialog } from '../lazy-story-detail';
import { DiscoverScreen, type DiscoverMapProps } from '#client/features/discover/components/discover-screen';
import { useReaderPosition } from '#client/features/discover/lib/use-reader-position';
import { ToursNearSection } from '#client/features/tours/components/tours-near-section';
import { FollowedStoriesSection } from '#client/features/follows/components/followed-stories-section';
import { storyMap } from '#client/features/stories/components/map/load-story-map';

// The page composes the discovery feature with the stories feature's map and detail dialog; the feature's own
// components receive them as props, so only this entry file reaches into another feature.
const StoryMap = storyMap.Component;

const ignoreViewport = () => {};

function DiscoverMap({ centre, readerKnown, stories, onSelectStory }: DiscoverMapProps) {
  return (
    <Suspense
      fallback={
        <div className="h-96 w-full animate-pulse rounded-2xl border border-night-700 bg-night-900" aria-hidden />
      }
    >
      <StoryMap
        location={centre}
        showReader={readerKnown}
        stories={stories}
        // The lazy component is not generic any more: a clicked marker is found among the full stories again.
        onSelectStory={(marker) => {
          const story = stories.find((s) => s.id === marker.id);
          if (story) onSelectStory(story);
        }}
        onViewportChange={ignoreViewport}
      />
    </Suspense>
  );
}

/** /discover and /discover-advanced (docs/design.md, part 2): one screen. */
export default function DiscoverPage() {
  const position = useReaderPosition();
  const [selected, setSelected] = useState<Story | null>(null);
  return (
    <PageShell>
      <DiscoverScreen position={position} renderMap={(props) => <DiscoverMap {...props} />} onOpenStory={setSelected} />
      <FollowedStoriesSection reader={position.reader} onOpenStory={setSelected} />
      <ToursNearSection reader={position.reader} />
      <LazyStoryDetailDialog
        storyId={selected?.id ?? null}
        initialStory={selected ?? undefined}
        location={position.reader}
        onClose={() => setSelected(null)}
      />
    </PageShell>
  );
}
