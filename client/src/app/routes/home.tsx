import { Plus, Route, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { GEOLOCATION_OPTIONS } from '#common/constants';
import type { Story } from '#common/schemas';
import type { Point } from '#common/geo';
import type { MapMarker } from '#common/map-schemas';
import { PageShell } from '#client/components/layout/page-shell';
import { LazyStoryDetailDialog } from '../lazy-story-detail';
import { Button } from '#client/components/ui/button';
import { ACCOUNT_REQUIRED, showAccountRequired } from '#client/lib/account-required';
import { paths } from '#client/config/paths';
import { useGeolocation } from '#client/lib/geolocation';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { useDiscoverableStories } from '#client/lib/stories/get-discoverable-stories';
import type { BoundingBox } from '#common/route-schemas';
import { useMapStories } from '#client/features/stories/api/get-map-stories';
import { useUserStories } from '#client/features/stories/api/get-user-stories';
import { knownTitles } from '#client/features/stories/lib/marker-titles';
import { useCreateStoryLauncher } from '#client/features/create-story/components/create-story-launcher';
import { HomeTabs, type HomeView } from '#client/features/home/components/home-tabs';
import { NearbySection } from '#client/features/home/components/nearby-section';
import { SmartSuggestions } from '#client/features/home/components/smart-suggestions';
import { CreateHint } from '#client/features/home/components/create-hint';
import { useSmartSuggestions } from '#client/features/home/api/get-smart-suggestions';
import type { CompassDirection } from '#common/notifications';
import { DIRECTIONS, distanceWords } from '#client/features/home/lib/nearby-suggestion';
import type { MessageId } from '#client/lib/i18n/message-ids';
import { turnOnLocationText } from '#client/lib/location/claim-lock-text';
import { Message, useT } from '#client/lib/i18n/use-t';
import { useWalkMode } from '#client/features/walk/hooks/use-walk-mode';
import { useFollowedTour } from '#client/features/tours/lib/followed-tour';
import { LazyWalkCard, LazyWalkStatus } from '../lazy-walk-panel';
import { askMotionPermission } from '#client/features/ar/lib/motion-permission';
import { WalkToggle } from '#client/features/walk/components/walk-toggle';
import { storyMap } from '#client/features/stories/components/map/load-story-map';
import type { Place } from '#common/place-schemas';
import { JumpToPlace } from '#client/features/places/components/jump-to-place';
import { PlaceFocusLayer } from '#client/features/places/components/place-focus-layer';

// The map (Leaflet) and the AR camera view are chunks of their own, outside the entry; the map's is fetched before
// the first render when the app opens here (router.tsx preloadPage), the camera view's when it is opened.
const StoryMap = storyMap.Component;
const ArView = lazy(() => import('#client/features/ar/ar-view'));
const FollowedTourLine = lazy(() => import('#client/features/tours/components/followed-tour-line'));
// A draft kept offline belongs to a signed-in author: a visitor's page does not download the IndexedDB reader.
// Walk mode's "Publish now" for the author's planned stories within reach (docs/decisions/060-story-drafts-and-routes-in.md).
const PublishNow = lazy(() =>
  import('#client/features/planned/components/publish-now').then((m) => ({ default: m.PublishNow })),
);
const WaitingDraft = lazy(() =>
  import('#client/features/create-story/components/waiting-draft').then((m) => ({ default: m.WaitingDraft })),
);

/** ~11 m: GPS jitter below this does not refetch every list. */
function roundLocation(location: Point): Point {
  const r = (value: number) => Math.round(value * 10_000) / 10_000;
  return { latitude: r(location.latitude), longitude: r(location.longitude) };
}

function MapPlaceholder() {
  return <div className="h-96 w-full animate-pulse rounded-2xl border border-night-700 bg-night-900" aria-hidden />;
}

/** docs/design.md, part 2 "Home screen" (/), also shown under a story's dialog at /stories/:id. */
export function HomePage({ storyId }: { storyId?: string }) {
  const [, navigate] = useLocation();
  const t = useT();
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
  const [view, setView] = useState<HomeView>('map');
  const [category, setCategory] = useState('All');
  const [viewport, setViewport] = useState<BoundingBox | null>(null);
  // A card (full story) or a map marker, whose card the dialog loads.
  const [selected, setSelected] = useState<Story | MapMarker | null>(null);
  const create = useCreateStoryLauncher();
  const [createUsed, setCreateUsed] = useState(false);
  // Walk mode (docs/decisions/016-walk-mode-and-tours.md): plays what the server unlocks as the walker moves; it never unlocks anything itself.
  const walk = useWalkMode({ userId: user?.id ?? null });
  // The tour last opened in this tab: its line is drawn on the map until the reader stops following it.
  const followed = useFollowedTour();
  // "Jump to a place" moves the map there (its viewport then loads that area); the reader's position stays theirs.
  const [jumpedTo, setJumpedTo] = useState<Place | null>(null);

  // While walking, the screen's own reads follow walk mode's pace (docs/decisions/016-walk-mode-and-tours.md: at most every 5 s, after 10 m) and
  // its position: the nearby list shares the walk's very request. Otherwise they follow the device (~11 m).
  const sent = walk.active ? walk.sent : null;
  const geoReader = useMemo(() => roundLocation(geo.location), [geo.location]);
  const reader = sent?.at ?? geoReader;
  // Without a real fix the default centre is only an area to look at: the positionless reads, nothing unlocks.
  const claim = useMemo(
    () => (sent ? { known: true, accuracy: sent.accuracy } : { known: geo.isKnown, accuracy: geo.accuracy }),
    [sent, geo.isKnown, geo.accuracy],
  );
  const discoverable = useDiscoverableStories(reader, settled, claim);
  // A new walking position recentres the map, whose new viewport then asks once: while walking the map's read
  // waits for that viewport instead of asking for the old one at the new position first.
  const latest = useRef({ reader, claim });
  latest.current = { reader, claim };
  const [walkView, setWalkView] = useState<{ box: BoundingBox; reader: Point; claim: typeof claim } | null>(null);
  const onViewportChange = useCallback((box: BoundingBox) => {
    setViewport(box);
    setWalkView({ box, ...latest.current });
  }, []);
  const mapInput = sent && walkView ? walkView : { box: viewport, reader, claim };
  const mapStories = useMapStories(settled ? mapInput.box : null, mapInput.reader, mapInput.claim);
  const ownStories = useUserStories(user?.id);

  // Nothing within 1.5 km of a real position: the smart suggestions' nearest whisper (distance and direction,
  // computed by the server) replaces the list's empty promise, and that suggestion is not said a second time.
  const suggestions = useSmartSuggestions(reader, settled);
  const nearestElsewhere =
    geo.isKnown && discoverable.data?.length === 0
      ? suggestions.data?.find((item) => item.nearest)?.nearest
      : undefined;
  const directionWord = (direction: string) => {
    const id = DIRECTIONS[direction as CompassDirection] as MessageId | undefined;
    return id ? t(id) : direction;
  };
  // Nothing at all within 50 km: said once, by the signed-out empty list (docs/decisions/051-walker-stumbles-fourth-round.md).
  const uncharted = discoverable.data?.length === 0 && Boolean(suggestions.data?.some((item) => item.uncharted));

  const inCategory = useCallback(
    (story: Pick<MapMarker, 'category'>) => category === 'All' || story.category === category,
    [category],
  );
  const nearby = useMemo(() => (discoverable.data ?? []).filter(inCategory), [discoverable.data, inCategory]);
  // The list's cards render as a transition, in slices the page can answer between (bench/README.md: total blocking time);
  // until the first cards are drawn the list still says it is discovering, not that nothing is near.
  const nearbyShown = useDeferredValue(nearby);
  const nearbyPending = nearbyShown.length === 0 && nearby.length > 0;
  const onMap = useMemo(() => (mapStories.data ?? []).filter(inCategory), [mapStories.data, inCategory]);
  // Markers carry no title (decision 025): those the page already knows — nearby, or the reader's own — are named.
  const titles = useMemo(() => knownTitles([discoverable.data, ownStories.data]), [discoverable.data, ownStories.data]);

  const openMyStories = () => {
    if (user) return navigate(paths.myStories);
    showAccountRequired(ACCOUNT_REQUIRED.myStories, navigate);
  };

  // A deep link (/stories/:id) opens that story; closing it returns to /.
  const openStoryId = selected?.id ?? storyId ?? null;
  const closeStory = () => {
    setSelected(null);
    // Only while the deep link is still the address: a link inside the story (its hidden banner's Appeal) has
    // already gone elsewhere, and closing the dialog on the way must not bring the reader back home.
    if (storyId && window.location.pathname === paths.story(storyId)) navigate(paths.home, { replace: true });
  };

  return (
    <PageShell>
      {/* The page's main heading for screen readers and their heading list; the header shows the product name. */}
      <h1 className="sr-only">{t('app.storiesAroundYou')}</h1>
      <div className="grid grid-cols-1 gap-5">
        <HomeTabs
          view={view}
          onViewChange={setView}
          onMyStories={openMyStories}
          onCreate={create.openAtCurrentPosition}
        />
        {user && (
          <Suspense fallback={null}>
            <WaitingDraft userId={user.id} onPublish={create.openDraft} />
          </Suspense>
        )}
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <WalkToggle walk={walk} onStart={askMotionPermission} />
            {/* Beside the Walk button, lower than it, so its row keeps its height: the hint takes no room of its own
                and never lies over the page (docs/decisions/058-stack-titles-and-hint-room.md). */}
            <CreateHint used={createUsed} />
            {!walk.active && !walk.notice && <span className="text-sm text-mist-300">{t('walk.hint')}</span>}
          </div>
          {/* The compass line speaks from where the walker faces when the device has a compass (docs/decisions/016-walk-mode-and-tours.md). */}
          <LazyWalkStatus walk={walk} onOpen={setSelected} />
          {user && walk.active && (
            <Suspense fallback={null}>
              <PublishNow position={walk.position} />
            </Suspense>
          )}
        </div>
        {/* While the position is pending, the room of the two notes a visitor without one gets (the usual first
            answer), so the map and the list below do not move down when they come (bench/README.md: layout shift). */}
        {!settled && <div aria-hidden className="min-h-[7.25rem]" />}
        {geo.error && (
          <p
            role="status"
            className="rounded-lg border border-ember-500/40 bg-ember-500/10 px-3 py-2 text-sm text-ember-400"
          >
            {t('app.locationErrorDefault', { error: geo.error })}
          </p>
        )}
        {settled && !geo.isKnown && (
          <p
            role="status"
            className="rounded-lg border border-glow-500/40 bg-glow-500/10 px-3 py-2 text-sm font-medium text-mist-100"
          >
            {turnOnLocationText()}
          </p>
        )}
        {followed.followed && (
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-mist-200">
            <span>
              <Route className="me-1.5 inline h-4 w-4 align-text-bottom text-glow-300" aria-hidden />
              <Message
                id="app.followingTour"
                values={{ title: followed.followed.title }}
                components={{
                  0: (
                    <Link
                      href={paths.tour(followed.followed.id)}
                      className="font-medium text-glow-200 underline underline-offset-4"
                    />
                  ),
                }}
              />
            </span>
            <Button type="button" size="sm" variant="ghost" onClick={followed.stop}>
              <X aria-hidden />
              {t('app.stopFollowing')}
            </Button>
          </div>
        )}
        <div className="grid grid-cols-1 gap-2">
          {/* Above the map, not over it: a marker at the map's top edge is tapped where it is drawn
              (docs/decisions/053-walk-mode-offline.md). server/src/map-first-look.ts keeps its room. */}
          <div className="relative z-10 sm:w-80">
            <JumpToPlace onChoose={setJumpedTo} />
          </div>
          <Suspense fallback={<MapPlaceholder />}>
            <StoryMap
              location={reader}
              stories={onMap}
              titles={titles}
              onSelectStory={setSelected}
              onViewportChange={onViewportChange}
              firstLook
            >
              <PlaceFocusLayer place={jumpedTo} />
              {followed.followed && (
                <Suspense fallback={null}>
                  <FollowedTourLine
                    tourId={followed.followed.id}
                    onSelect={(stop) => navigate(paths.story(stop.storyId))}
                  />
                </Suspense>
              )}
            </StoryMap>
          </Suspense>
        </div>
        {mapStories.isError && (
          <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200">
            {t('app.mapStoriesFailed')}
          </p>
        )}
        <SmartSuggestions
          location={reader}
          enabled={settled}
          hideNearest={nearestElsewhere !== undefined}
          hideUncharted={!user && uncharted}
          nearby={geo.isKnown ? discoverable.data : undefined}
          userId={user?.id ?? null}
        />
        <NearbySection
          stories={nearbyShown}
          isLoading={!settled || discoverable.isLoading || nearbyPending}
          error={discoverable.error}
          category={category}
          onCategoryChange={setCategory}
          onSelect={setSelected}
          user={user}
          ownStoryCount={ownStories.data?.length}
          onCreateFirst={create.openAtCurrentPosition}
          nearestLine={
            nearestElsewhere &&
            t('home.nearestWhisper', {
              distance: distanceWords(nearestElsewhere.distance),
              direction: directionWord(nearestElsewhere.direction),
            })
          }
          uncharted={uncharted}
        />
      </div>

      {/* On phones the + button has a lane of its own (docs/decisions/014-phone-round-2.md): an opaque bar along the bottom edge, so it
          never floats over a chip, a card's lock line or the map's attribution; the page ends above the bar. On wider
          screens it floats beside the content column. */}
      <div
        data-create-lane
        className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-end gap-2 border-t border-night-700 bg-night-950 px-4 pb-[calc(0.5rem+env(safe-area-inset-bottom))] pt-2 sm:inset-x-auto sm:bottom-5 sm:end-5 sm:border-0 sm:bg-transparent sm:p-0"
      >
        <button
          type="button"
          aria-label={t('app.createStory')}
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
      <LazyStoryDetailDialog
        storyId={settled ? openStoryId : null}
        initialStory={selected ?? undefined}
        location={geo.isKnown ? reader : null}
        onClose={closeStory}
      />
      <LazyWalkCard walk={walk} onOpen={setSelected} />
      {create.dialog}
    </PageShell>
  );
}
