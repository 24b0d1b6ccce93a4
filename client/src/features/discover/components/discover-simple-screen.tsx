import { useQueryClient } from '@tanstack/react-query';
import { haversineMetres } from '#common/geo';
import { useGeolocation } from '#client/lib/geolocation';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { CATEGORIES } from '#common/categories';
import type { Story } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';
import { cn } from '#client/lib/utils';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';
import { queryKeys } from '#client/lib/query-keys';
import { ALL_STORIES_ERRORS, ALL_STORIES_PAGE_SIZE, StoriesTimeoutError, useAllStories } from '../api/get-all-stories';
import { ALL } from './category-tiles';
import { SimpleStoryCard } from './simple-story-card';
import { SimpleStoryDialog } from './simple-story-dialog';
import { VirtualCardList } from './virtual-card-list';

const columnsFor = (width: number) => (width >= 960 ? 3 : width >= 600 ? 2 : 1);

/** docs/design.md, part 2 "Simple discover" (/discover-simple): every story, a page at a time as the reader scrolls. */
export function DiscoverSimpleScreen() {
  const t = useT();
  const query = useAllStories();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState(ALL);
  const [viewing, setViewing] = useState<Story | null>(null);

  const stories = useMemo(() => query.data?.pages.flatMap((page) => page.stories) ?? [], [query.data]);
  // Real distances from the reader's position, nearest first; without a known position, none and the server's order.
  const geo = useGeolocation();
  const here = geo.isKnown ? geo.location : null;
  const distanceOf = useMemo(() => {
    const measured = new Map<string, number>();
    if (here) for (const story of stories) measured.set(story.id, haversineMetres(here, story));
    return measured;
  }, [stories, here]);
  const filtered = useMemo(
    () =>
      (category === ALL ? stories : stories.filter((s) => s.category === category))
        .slice()
        .sort((a, b) => (distanceOf.get(a.id) ?? 0) - (distanceOf.get(b.id) ?? 0)),
    [stories, category, distanceOf],
  );
  // Refresh starts again from the first page rather than refetching every page loaded so far.
  const reload = () => void queryClient.resetQueries({ queryKey: queryKeys.stories.allPages(ALL_STORIES_PAGE_SIZE) });

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p role="status" className="py-12 text-center text-mist-300">
        {t('discover.loadingStories')}
      </p>
    );
  } else if (query.isError && stories.length === 0) {
    body = <LoadError error={query.error} onRetry={reload} />;
  } else if (filtered.length === 0 && !hasNextPage) {
    body = (
      <div className="grid justify-items-center gap-4 py-10 text-center">
        <p className="text-mist-300">
          {category === ALL
            ? t('discover.noStoriesLoaded')
            : t('discover.noStoriesInCategory', { category: categoryName(t, category) })}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="secondary" onClick={reload}>
            <RefreshCw aria-hidden />
            {t('discover.reloadStories')}
          </Button>
          <Button asChild>
            <Link href={paths.myStories}>{t('discover.createFirstStory')}</Link>
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="grid grid-cols-1 gap-4">
        <VirtualCardList
          items={filtered}
          label={
            category === ALL
              ? t('discover.allStories')
              : t('discover.categoryStories', { category: categoryName(t, category) })
          }
          getKey={(story) => story.id}
          estimateRowHeight={232}
          columnsFor={columnsFor}
          onNearEnd={loadMore}
          renderItem={(story) => (
            <SimpleStoryCard story={story} distance={distanceOf.get(story.id) ?? null} onView={setViewing} />
          )}
        />
        {isFetchingNextPage && (
          <p role="status" className="text-center text-sm text-mist-300">
            {t('discover.loadingMore')}
          </p>
        )}
        {isFetchNextPageError && <LoadError error={query.error} onRetry={() => void fetchNextPage()} />}
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button asChild variant="ghost" size="icon">
            <Link href={paths.home} aria-label={t('discover.back')}>
              <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
            </Link>
          </Button>
          <h1 className="font-display text-2xl font-semibold text-mist-100">{t('discover.allWhispers')}</h1>
        </div>
        <Button variant="outline" size="sm" onClick={reload} disabled={query.isFetching && !isFetchingNextPage}>
          <RefreshCw aria-hidden className={cn(query.isRefetching && !isFetchingNextPage && 'animate-spin')} />
          {t('discover.refresh')}
        </Button>
      </div>

      <div
        role="group"
        aria-label={t('discover.filterByCategory')}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1"
      >
        {[ALL, ...CATEGORIES].map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={category === name}
            onClick={() => setCategory(name)}
            className={cn(
              'shrink-0 rounded-full border px-3 py-1.5 text-sm transition-colors',
              category === name
                ? 'border-glow-400 bg-glow-600 text-white'
                : 'border-night-600 bg-night-900 text-mist-300 hover:border-glow-500/60 hover:text-mist-100',
            )}
          >
            {name === ALL ? t('discover.all') : categoryName(t, name)}
          </button>
        ))}
      </div>

      {body}

      {query.isSuccess && (
        <footer className="border-t border-night-700 pt-4 text-center text-sm text-mist-400" aria-live="polite">
          {t('discover.showingCount', { count: filtered.length })}
          {category === ALL ? '' : t('discover.inCategory', { category: categoryName(t, category) })}
          {hasNextPage ? t('discover.scrollForMore') : ''}
        </footer>
      )}

      <SimpleStoryDialog story={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** docs/design.md, part 8: the timeout text on an abort, else "Unable to load stories…", with the reason and Try Again. */
function LoadError({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  const t = useT();
  const timedOut = error instanceof StoriesTimeoutError;
  const detail =
    !timedOut &&
    error &&
    (error.message === ALL_STORIES_ERRORS.invalid || error.message.startsWith('Server responded with'))
      ? error.message
      : null;
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-xl border border-red-500/40 bg-red-500/10 p-6 text-center"
    >
      <p className="text-red-100">{timedOut ? t('discover.errorTimeout') : t('discover.unableToLoad')}</p>
      {detail && <p className="text-sm text-red-200">{detail}</p>}
      <Button variant="secondary" onClick={onRetry}>
        {t('discover.tryAgain')}
      </Button>
    </div>
  );
}
