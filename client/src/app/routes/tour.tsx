import { ArrowLeft, CheckCircle2, Lock, MapPinned, Share2, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { tourComplete, tourLength, tourProgress, tourStop } from '#client/lib/i18n/tour-words';
import { nearPlace } from '#client/lib/i18n/lock-words';
import { PageShell } from '#client/components/layout/page-shell';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';
import { errorMessage } from '#client/lib/api-client';
import { useOnline } from '#client/lib/pwa/offline-line';
import { notOpenedOffline } from '#client/lib/pwa/offline-text';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { useGeolocation } from '#client/lib/geolocation';
import { reportTourEvent } from '#client/lib/insights/report-event';
import { queryKeys } from '#client/lib/query-keys';
import { useDeleteTour, useTour } from '#client/features/tours/api/tours';
import { TourInsightsPanel } from '#client/features/tours/components/tour-insights';
import { SaveOffline } from '#client/features/tours/components/save-offline';
import { TourShareExtras } from '#client/features/tours/components/tour-share-extras';
import { followTour, useFollowedTour } from '#client/features/tours/lib/followed-tour';
import { StoryDetailDialog } from '#client/features/stories/components/story-detail-dialog';
import { useWalkMode } from '#client/features/walk/hooks/use-walk-mode';
import { LazyWalkCard, LazyWalkStatus } from '../lazy-walk-panel';
import { askMotionPermission } from '#client/features/ar/lib/motion-permission';
import { WalkToggle } from '#client/features/walk/components/walk-toggle';
import { TOUR_DONE_END_MS } from '#client/features/walk/lib/walk-rules';

const TourMap = lazy(() => import('#client/features/tours/components/tour-map'));

/**
 * `/tours/:id` (docs/decisions/016-walk-mode-and-tours.md): a walking tour — its stops in order with this reader's progress ("3 of 7 found", from
 * the server's unlock record), length and walking time, the route on the map, and walk mode pointing at the next
 * stop ("Stop 4 of 7"). Every stop opens its story with the usual lock rules: a tour unlocks nothing itself.
 */
export default function TourPage({ params }: { params: { id: string } }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const t = useT();
  const { data: user } = useCurrentUser();
  const geo = useGeolocation();
  const tour = useTour(params.id);
  const online = useOnline();
  const remove = useDeleteTour();
  const [openStoryId, setOpenStoryId] = useState<string | null>(null);
  const [shared, setShared] = useState<string | null>(null);
  const refreshTour = () => void queryClient.invalidateQueries({ queryKey: queryKeys.tours.detail(params.id) });
  // The tour's progress follows what the server unlocked during the walk (docs/design.md, rule 17).
  const walk = useWalkMode({ userId: user?.id ?? null, onUnlocked: refreshTour });

  const data = tour.data;
  const isAuthor = data !== undefined && user?.id === data.authorId;
  // An author's own stops are open to them, never "found": their page counts no progress and points at no next
  // stop (docs/decisions/051-walker-stumbles-fourth-round.md).
  const nextStop = isAuthor ? null : (data?.stops.find((stop) => !stop.unlocked) ?? null);

  // Following (the home map draws the tour's line) starts with a tap: "Walk this tour" or "Show on my map".
  const following = useFollowedTour();
  const isFollowed = data !== undefined && following.followed?.id === data.id;
  const stopOf = (story: { id: string }) => {
    const stop = data?.stops.find((candidate) => candidate.storyId === story.id);
    return stop && data ? tourStop(t, stop.position, data.stopCount) : null;
  };

  // Every stop found on this walk: walk mode offers to end, and ends by itself a little later.
  const walkDone = walk.active && data?.complete === true && walk.found.length > 0;
  const { stop: stopWalk } = walk;
  const stopWalkRef = useRef(stopWalk);
  stopWalkRef.current = stopWalk;
  useEffect(() => {
    if (!walkDone) return;
    const timer = setTimeout(() => stopWalkRef.current(t('walk.tourDoneEnded')), TOUR_DONE_END_MS);
    return () => clearTimeout(timer);
  }, [walkDone, t]);

  // Tour insights (docs/decisions/018-insights-counts-not-readers.md): a stop the server shows unlocked since the last answer on this page was
  // reached now; the answer that completes the tour is a completion. The first answer is only the baseline.
  const seen = useRef<{ unlocked: Set<string>; complete: boolean } | null>(null);
  useEffect(() => {
    if (!data || isAuthor) return;
    const unlocked = new Set(data.stops.filter((stop) => stop.unlocked).map((stop) => stop.storyId));
    const before = seen.current;
    seen.current = { unlocked, complete: data.complete };
    if (!before) return;
    const reachedNow = [...unlocked].filter((storyId) => !before.unlocked.has(storyId));
    // A start counts once a stop is reached (the server counts one per walker and day): say it again then.
    if (reachedNow.length > 0) reportTourEvent(data.id, 'start');
    for (const storyId of reachedNow) reportTourEvent(data.id, 'stop', storyId);
    if (data.complete && !before.complete) reportTourEvent(data.id, 'complete');
  }, [data, isAuthor]);

  const share = async () => {
    const url = new URL(paths.tour(params.id), window.location.origin).toString();
    const canShare = typeof navigator.share === 'function';
    try {
      if (canShare) await navigator.share({ title: data?.title, url });
      else await navigator.clipboard.writeText(url);
      setShared(canShare ? null : t('app.linkCopied', { url }));
    } catch {
      setShared(t('app.shareThisLink', { url }));
    }
  };

  return (
    <PageShell>
      {/* One column no wider than the screen: long titles and descriptions wrap, the map and list fit. */}
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
        <Link
          href={paths.discover}
          className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm text-mist-300 hover:text-mist-100"
        >
          <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          {t('app.discover')}
        </Link>
        {tour.isLoading ? (
          <p role="status" className="py-8 text-center text-mist-300">
            {t('app.loadingTour')}
          </p>
        ) : (tour.error || !data) && !online ? (
          <p role="status" className="rounded-xl border border-night-700 bg-night-900/70 p-4 text-sm text-mist-200">
            {notOpenedOffline()}
          </p>
        ) : tour.error || !data ? (
          <div role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
            {errorMessage(tour.error, t('app.tourFailed'))}
          </div>
        ) : (
          <>
            <header className="grid grid-cols-1 gap-2">
              <p className="text-xs font-medium uppercase tracking-wide text-glow-300">{t('app.walkingTour')}</p>
              <h1 className="break-words font-display text-3xl font-semibold text-mist-100">{data.title}</h1>
              <p className="text-sm text-mist-300">
                {t('app.tourByline', {
                  author: data.author.displayName ?? t('app.anonymous'),
                  count: data.stopCount,
                  length: tourLength(t, data.lengthM, data.walkingMinutes),
                })}
                {data.placeName && t('app.tourStarts', { place: nearPlace(t, data.placeName) })}
              </p>
              {data.description && <p className="whitespace-pre-line break-words text-mist-200">{data.description}</p>}
              {data.notice && (
                <p
                  role="status"
                  className="rounded-lg border border-ember-500/40 bg-ember-500/10 px-3 py-2 text-sm text-ember-400"
                >
                  {data.notice}
                </p>
              )}
            </header>

            <div className="flex flex-wrap items-center gap-3">
              <p
                className="rounded-full bg-glow-600/30 px-3 py-1 text-sm font-semibold text-glow-200"
                data-testid="tour-progress"
              >
                {isAuthor ? t('app.ownTour') : tourProgress(t, data.foundCount, data.stopCount)}
              </p>
              {data.complete && !isAuthor && (
                <p className="inline-flex items-center gap-1.5 rounded-full bg-emerald-500/20 px-3 py-1 text-sm font-semibold text-emerald-200">
                  <CheckCircle2 className="h-4 w-4" aria-hidden />
                  {tourComplete(t)}
                </p>
              )}
              <WalkToggle
                walk={walk}
                label={t('app.walkThisTour')}
                onStart={() => {
                  askMotionPermission(); // for the compass line
                  followTour({ id: data.id, title: data.title });
                  if (!isAuthor) reportTourEvent(data.id, 'start');
                }}
              />
              {isFollowed ? (
                <Button type="button" variant="outline" onClick={following.stop}>
                  <MapPinned aria-hidden />
                  {t('app.stopFollowing')}
                </Button>
              ) : (
                <Button type="button" variant="outline" onClick={() => followTour({ id: data.id, title: data.title })}>
                  <MapPinned aria-hidden />
                  {t('app.showOnMyMap')}
                </Button>
              )}
              <Button type="button" variant="outline" onClick={() => void share()}>
                <Share2 aria-hidden />
                {t('app.shareTour')}
              </Button>
              {isAuthor && (
                <Button
                  type="button"
                  variant="destructive"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (!window.confirm(t('app.deleteTourConfirm'))) return;
                    remove.mutate(data.id, { onSuccess: () => navigate(paths.myStories) });
                  }}
                >
                  <Trash2 aria-hidden />
                  {t('app.deleteTour')}
                </Button>
              )}
            </div>
            {shared && <p className="break-all text-sm text-mist-300">{shared}</p>}
            {!data.hiddenFromReaders && <TourShareExtras tourId={data.id} title={data.title} />}
            <LazyWalkStatus
              walk={walk}
              target={nextStop ? { label: t('app.nextStop'), point: nextStop } : null}
              extra={nextStop ? tourStop(t, nextStop.position, data.stopCount) : isAuthor ? undefined : tourComplete(t)}
              onOpen={(story) => setOpenStoryId(story.id)}
              offerEnd={walkDone}
            />

            <Suspense
              fallback={
                <div
                  className="h-72 w-full animate-pulse rounded-2xl border border-night-700 bg-night-900"
                  aria-hidden
                />
              }
            >
              <TourMap
                stops={isAuthor ? data.stops.map((stop) => ({ ...stop, unlocked: false })) : data.stops}
                walker={walk.position}
                onSelect={(stop) => setOpenStoryId(stop.storyId)}
              />
            </Suspense>
            <SaveOffline tour={data} position={geo.isKnown ? geo.location : null} />

            {isAuthor && <TourInsightsPanel tourId={data.id} />}

            <section aria-labelledby="tour-stops" className="grid grid-cols-1 gap-3">
              <h2 id="tour-stops" className="font-display text-xl font-semibold text-mist-100">
                {t('app.stops')}
              </h2>
              <ol className="grid grid-cols-1 gap-2">
                {data.stops.map((stop) => (
                  <li key={stop.storyId}>
                    <button
                      type="button"
                      onClick={() => setOpenStoryId(stop.storyId)}
                      className="flex w-full items-center gap-3 rounded-xl border border-night-700 bg-night-900/70 p-3 text-start transition-colors hover:border-glow-500/60"
                    >
                      <span
                        aria-hidden
                        className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white ${stop.unlocked && !isAuthor ? 'bg-glow-600' : 'bg-night-700'}`}
                      >
                        {stop.position}
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-mist-100">{stop.title}</span>
                        <span className="block text-sm text-mist-300">
                          {tourStop(t, stop.position, data.stopCount)} · {categoryName(t, stop.category)}
                        </span>
                      </span>
                      {isAuthor ? (
                        <span className="text-sm text-mist-300">{t('app.yourStory')}</span>
                      ) : stop.unlocked ? (
                        <span className="inline-flex items-center gap-1 text-sm font-medium text-emerald-200">
                          <CheckCircle2 className="h-4 w-4" aria-hidden />
                          {t('app.found')}
                        </span>
                      ) : (
                        <span className="inline-flex items-center gap-1 text-sm text-mist-300">
                          <Lock className="h-4 w-4" aria-hidden />
                          {t('app.notFoundYet')}
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          </>
        )}
      </div>
      <LazyWalkCard walk={walk} onOpen={(story) => setOpenStoryId(story.id)} stopOf={stopOf} />
      <StoryDetailDialog
        storyId={openStoryId}
        location={geo.isKnown ? geo.location : null}
        onClose={() => {
          setOpenStoryId(null);
          refreshTour();
        }}
      />
    </PageShell>
  );
}
