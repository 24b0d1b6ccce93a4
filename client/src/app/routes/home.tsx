import { Plus } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { GEOLOCATION_OPTIONS } from '#common/constants';
import type { Location, MapMarker, Story } from '#common/schemas';
import { PageShell } from '#client/components/layout/page-shell';
import { ACCOUNT_REQUIRED, showAccountRequired } from '#client/lib/account-required';
import { paths } from '#client/config/paths';
import { useGeolocation } from '#client/lib/geolocation';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { useDiscoverableStories } from '#client/lib/stories/get-discoverable-stories';
import { useMapStories, type BoundingBox } from '#client/features/stories/api/get-map-stories';
import { useUserStories } from '#client/features/stories/api/get-user-stories';
import { useCreateStoryLauncher } from '#client/features/create-story/components/create-story-launcher';
import { StoryDetailDialog } from '#client/features/stories/components/story-detail-dialog';
import { HomeTabs, type HomeView } from '#client/features/home/components/home-tabs';
import { NearbySection } from '#client/features/home/components/nearby-section';
import { SmartSuggestions } from '#client/features/home/components/smart-suggestions';
import { CreateHint, useCreateHintLane } from '#client/features/home/components/create-hint';
import { useSmartSuggestions } from '#client/features/home/api/get-smart-suggestions';
import { nearestWhisperText } from '#common/notifications';
import { TURN_ON_LOCATION } from '#client/lib/location/claim-lock-text';
import { useWalkMode } from '#client/features/walk/hooks/use-walk-mode';
import { WalkCard, WalkStatus, WalkToggle } from '#client/features/walk/components/walk-panel';

// Leaflet (~40 KiB gzipped) and the AR camera view load after the first paint, outside the initial bundle.
const StoryMap = lazy(() => import('#client/features/stories/components/map/story-map'));
const ArView = lazy(() => import('#client/features/ar/ar-view'));

/** ~11 m: GPS jitter below this does not refetch every list. */
function roundLocation(location: Location): Location {
  const r = (value: number) => Math.round(value * 10_000) / 10_000;
  return { latitude: r(location.latitude), longitude: r(location.longitude) };
}

function MapPlaceholder() {
  return <div className="h-96 w-full animate-pulse rounded-2xl border border-night-700 bg-night-900" aria-hidden />;
}

/** Spec section 2 "Home screen" (/), also shown under a story's dialog at /stories/:id. */
export function HomePage({ storyId }: { storyId?: string }) {
  const [, navigate] = useLocation();
  const { data: user } = useCurrentUser();
  const geo = useGeolocation();
  // Lists wait for the first position answer (or its failure) so they are not fetched twice; a permission
  // prompt left unanswered does not count against the 10 s timeout, so stop waiting after it anyway.
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedEnough(true), GEOLOCATION_OPTIONS.timeout);
    return () => clearTimeout(timer);
  }, []);
  const settled = !geo.isLoading || waitedEnough;
  const reader = useMemo(() => roundLocation(geo.location), [geo.location]);
  const [view, setView] = useState<HomeView>('map');
  const [category, setCategory] = useState('All');
  const [viewport, setViewport] = useState<BoundingBox | null>(null);
  // A card (full story) or a map marker, whose card the dialog loads.
  const [selected, setSelected] = useState<Story | MapMarker | null>(null);
  const create = useCreateStoryLauncher();
  const [createUsed, setCreateUsed] = useState(false);
  const hintLane = useCreateHintLane();
  // Walk mode (issue 25): plays what the server unlocks as the walker moves; it never unlocks anything itself.
  const walk = useWalkMode({ userId: user?.id ?? null });

  // Without a real fix the default centre is only an area to look at: the positionless reads, nothing unlocks.
  const claim = useMemo(() => ({ known: geo.isKnown, accuracy: geo.accuracy }), [geo.isKnown, geo.accuracy]);
  const discoverable = useDiscoverableStories(reader, settled, claim);
  const mapStories = useMapStories(settled ? viewport : null, reader, claim);
  const ownStories = useUserStories(user?.id);

  // Nothing within 1.5 km of a real position: the smart suggestions' nearest whisper (distance and direction,
  // computed by the server) replaces the list's empty promise, and that suggestion is not said a second time.
  const suggestions = useSmartSuggestions(reader, settled);
  const nearestElsewhere =
    geo.isKnown && discoverable.data?.length === 0 ? suggestions.data?.find((item) => item.nearest)?.nearest : undefined;

  const inCategory = useCallback((story: Pick<MapMarker, 'category'>) => category === 'All' || story.category === category, [category]);
  const nearby = useMemo(() => (discoverable.data ?? []).filter(inCategory), [discoverable.data, inCategory]);
  const onMap = useMemo(() => (mapStories.data ?? []).filter(inCategory), [mapStories.data, inCategory]);

  const openMyStories = () => {
    if (user) return navigate(paths.myStories);
    showAccountRequired(ACCOUNT_REQUIRED.myStories, navigate);
  };

  // A deep link (/stories/:id) opens that story; closing it returns to /.
  const openStoryId = selected?.id ?? storyId ?? null;
  const closeStory = () => {
    setSelected(null);
    if (storyId) navigate(paths.home, { replace: true });
  };

  return (
    <PageShell>
      <div className="grid gap-5">
        <HomeTabs view={view} onViewChange={setView} onMyStories={openMyStories} onCreate={create.openAtCurrentPosition} />
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <WalkToggle walk={walk} />
            {!walk.active && <span className="text-sm text-mist-300">Keep the phone in your pocket: whispers play as you reach them.</span>}
          </div>
          <WalkStatus walk={walk} />
        </div>
        {geo.error && (
          <p role="status" className="rounded-lg border border-ember-500/40 bg-ember-500/10 px-3 py-2 text-sm text-ember-400">
            {geo.error} Showing stories around the default location.
          </p>
        )}
        {settled && !geo.isKnown && (
          <p role="status" className="rounded-lg border border-glow-500/40 bg-glow-500/10 px-3 py-2 text-sm font-medium text-mist-100">
            {TURN_ON_LOCATION}
          </p>
        )}
        <Suspense fallback={<MapPlaceholder />}>
          <StoryMap location={reader} stories={onMap} onSelectStory={setSelected} onViewportChange={setViewport} />
        </Suspense>
        {mapStories.isError && (
          <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200">
            Failed to load map stories
          </p>
        )}
        <SmartSuggestions
          location={reader}
          enabled={settled}
          hideNearest={nearestElsewhere !== undefined}
          nearby={geo.isKnown ? discoverable.data : undefined}
          userId={user?.id ?? null}
        />
        <NearbySection
          stories={nearby}
          isLoading={!settled || discoverable.isLoading}
          error={discoverable.error}
          category={category}
          onCategoryChange={setCategory}
          onSelect={setSelected}
          user={user}
          ownStoryCount={ownStories.data?.length}
          onCreateFirst={create.openAtCurrentPosition}
          nearestLine={nearestElsewhere && `${nearestWhisperText(nearestElsewhere)}.`}
        />
        {/* The end lane the + button and its hint float over on phones: no text lies under them there. */}
        <div ref={hintLane.ref} aria-hidden className="-mt-5 h-32 sm:hidden" />
      </div>

      <div className="fixed bottom-5 right-5 z-30 flex flex-col items-end gap-2">
        <CreateHint used={createUsed} laneClear={hintLane.clear} />
        <button
          type="button"
          aria-label="Create Story"
          onClick={() => {
            setCreateUsed(true);
            create.openAt(geo.isKnown ? geo.location : null);
          }}
          className="flex h-14 w-14 items-center justify-center rounded-full bg-glow-600 text-white shadow-xl shadow-glow-600/40 transition-transform hover:scale-105 hover:bg-glow-500"
        >
          <Plus className="h-7 w-7" aria-hidden />
        </button>
      </div>

      {view === 'ar' && (
        <Suspense fallback={null}>
          <ArView
            location={geo.location}
            category={category}
            stories={discoverable.data}
            isLoading={!settled || discoverable.isLoading}
            onClose={() => setView('map')}
            onSelectStory={setSelected}
          />
        </Suspense>
      )}
      <StoryDetailDialog
        storyId={settled ? openStoryId : null}
        initialStory={selected ?? undefined}
        location={geo.isKnown ? reader : null}
        onClose={closeStory}
      />
      <WalkCard walk={walk} onOpen={setSelected} />
      {create.dialog}
    </PageShell>
  );
}
