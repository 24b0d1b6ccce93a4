import { ArrowLeft, CalendarClock, Heart, Plus, Route as RouteIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Story } from '#common/schemas';
import { TOUR_MESSAGES, TOURS } from '#common/tours';
import { saySentence } from '#client/lib/i18n/i18n';
import { MyDecisionsSection } from '#client/features/moderation/components/my-decisions-section';
import { PageShell } from '#client/components/layout/page-shell';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';
import { useGeolocation } from '#client/lib/geolocation';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { useOnline } from '#client/lib/pwa/offline-line';
import { notOpenedOffline } from '#client/lib/pwa/offline-text';
import { hiddenNoticeText, moderatorNoteText } from '#client/lib/i18n/moderation-words';
import { useT } from '#client/lib/i18n/use-t';
import { currentLocale } from '#client/lib/i18n/i18n';
import { formatNumber } from '#client/lib/i18n/format';
import { useUserStories } from '#client/features/stories/api/get-user-stories';
import { useCreateStoryLauncher } from '#client/features/create-story/components/create-story-launcher';
import { usePlanStoryLauncher } from '#client/features/create-story/components/plan-story-launcher';
import { PlannedSection } from '#client/features/planned/components/planned-section';
import { StoryCard } from '#client/components/stories/story-card';
import { StoryDetailDialog } from '#client/features/stories/components/story-detail-dialog';
import { StoryAuthorActions } from '#client/features/stories/components/story-author-actions';
import { NewTourDialog } from '#client/features/tours/components/new-tour-dialog';
import { TourCard } from '#client/features/tours/components/tour-card';
import { useMyTours } from '#client/features/tours/api/tours';
import { useInsightsSummary } from '#client/features/insights/api/get-insights';
import { StoryInsightFigures } from '#client/features/insights/components/story-insight-figures';

/** docs/design.md, part 2 "My Stories" (/my-stories): the signed-in user's own stories. */
export default function MyStoriesPage() {
  const { data: user, isLoading: userLoading } = useCurrentUser();
  const stories = useUserStories(user?.id);
  const online = useOnline();
  const t = useT();
  const geo = useGeolocation();
  const [selected, setSelected] = useState<Story | null>(null);
  const create = useCreateStoryLauncher();
  // Planned stories (docs/decisions/060-story-drafts-and-routes-in.md): written anywhere, pinned on site.
  const plan = usePlanStoryLauncher();
  const reader = geo.isKnown ? geo.location : null;
  const list = stories.data ?? [];
  // Walking tours (docs/decisions/016-walk-mode-and-tours.md): made here from the author's public stories.
  const [, navigate] = useLocation();
  const [newTourOpen, setNewTourOpen] = useState(false);
  const myTours = useMyTours(Boolean(user));
  // Authors' insights (docs/decisions/018-insights-counts-not-readers.md): each card's last 30 days.
  const insights = useInsightsSummary(list.length > 0);
  const insightOf = (id: string) => insights.data?.find((s) => s.storyId === id);

  return (
    <PageShell>
      <div className="grid grid-cols-1 gap-5">
        <Link
          href={paths.home}
          className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm text-mist-300 hover:text-mist-100"
        >
          <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          {t('app.backToMap')}
        </Link>
        <h1 className="font-display text-3xl font-semibold text-mist-100">{t('app.myStories')}</h1>
        {userLoading || (user && stories.isLoading) ? (
          <p role="status" className="py-8 text-center text-mist-300">
            {t('app.loadingYourStories')}
          </p>
        ) : !user ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-night-700 bg-night-900/70 p-8 text-center">
            <p className="text-mist-300">{t('app.signInForMyStories')}</p>
            <Button asChild>
              <Link href={paths.auth}>{t('app.signIn')}</Link>
            </Button>
          </div>
        ) : stories.error && !online ? (
          <p role="status" className="rounded-xl border border-night-700 bg-night-900/70 p-4 text-sm text-mist-200">
            {notOpenedOffline()}
          </p>
        ) : stories.error ? (
          <p role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
            {t('app.storiesFailed')}
          </p>
        ) : (
          <section aria-labelledby="your-stories" className="grid grid-cols-1 gap-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2
                id="your-stories"
                className="flex items-center gap-2 font-display text-xl font-semibold text-mist-100"
              >
                {t('app.yourStories')}
                <span className="rounded-full bg-glow-600/30 px-2.5 py-0.5 text-sm font-medium text-glow-300">
                  {list.length}
                </span>
              </h2>
              {list.length > 0 && (
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => setNewTourOpen(true)}>
                    <RouteIcon aria-hidden />
                    {t('app.newTour')}
                  </Button>
                  <Button onClick={create.openAtCurrentPosition}>
                    <Plus aria-hidden />
                    {t('app.create')}
                  </Button>
                </div>
              )}
            </div>
            {list.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-2xl border border-night-700 bg-night-900/70 p-8 text-center">
                <span aria-hidden className="text-4xl">
                  📝
                </span>
                <h3 className="font-display text-xl font-semibold text-mist-100">{t('app.noStoriesYet')}</h3>
                <p className="text-sm text-mist-300">{t('app.startCreating')}</p>
                <Button onClick={create.openAtCurrentPosition}>{t('app.createFirstStory')}</Button>
              </div>
            ) : (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {list.map((story) => (
                  <li key={story.id} className="grid grid-cols-1 content-start gap-2">
                    <StoryCard story={story} onSelect={setSelected} showDistance={false} />
                    {story.moderation && (
                      <p className="rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-sm text-amber-100">
                        {hiddenNoticeText(t, story.moderation)}
                        {story.moderation.note && (
                          <span className="block whitespace-pre-line">
                            {moderatorNoteText(t, story.moderation.note)}
                          </span>
                        )}
                      </p>
                    )}
                    <div className="flex flex-wrap items-center gap-2 px-1">
                      {/* The one like figure: the live public count (likes are public, docs/security.md). */}
                      <span
                        className="me-auto inline-flex items-center gap-1.5 text-sm text-mist-300"
                        data-testid="story-likes"
                      >
                        <Heart className="h-4 w-4 text-glow-300" aria-hidden />
                        {t('app.likesArePublic', {
                          count: story.likes,
                          n: currentLocale() === 'en' ? String(story.likes) : formatNumber(story.likes),
                        })}
                      </span>
                      <StoryAuthorActions story={story} />
                    </div>
                    <StoryInsightFigures storyId={story.id} title={story.title} summary={insightOf(story.id)} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        {user && !stories.isLoading && (
          <PlannedSection
            reader={reader}
            planButton={
              <Button variant="secondary" onClick={() => plan.openPlan(reader)}>
                <CalendarClock aria-hidden />
                {t('app.planStory')}
              </Button>
            }
          />
        )}
        {user && (myTours.data ?? []).length > 0 && (
          <section aria-labelledby="your-tours" className="grid grid-cols-1 gap-3">
            <h2 id="your-tours" className="font-display text-xl font-semibold text-mist-100">
              {t('app.yourTours')}
            </h2>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {myTours.data!.map((tour) => (
                <li key={tour.id}>
                  <TourCard
                    tour={tour}
                    notice={tour.stopCount < TOURS.minStops ? saySentence(TOUR_MESSAGES.hiddenForAuthor) : null}
                  />
                </li>
              ))}
            </ul>
          </section>
        )}
        <MyDecisionsSection enabled={Boolean(user)} />
      </div>
      <NewTourDialog
        open={newTourOpen}
        onOpenChange={setNewTourOpen}
        stories={list}
        onCreated={(tour) => navigate(paths.tour(tour.id))}
      />
      <StoryDetailDialog
        storyId={selected?.id ?? null}
        initialStory={selected ?? undefined}
        location={geo.isLoading ? null : geo.location}
        onClose={() => setSelected(null)}
      />
      {create.dialog}
      {plan.dialog}
    </PageShell>
  );
}
