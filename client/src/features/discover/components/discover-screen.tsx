import { List, Map as MapIcon, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { DEFAULT_CENTER } from '#common/constants';
import { DISCOVERY_STATUS_LEGEND } from '#common/discovery-status';
import { legendLabel } from '#client/lib/i18n/lock-words';
import type { Story } from '#common/schemas';
import type { Point } from '#common/geo';
import { Button } from '#client/components/ui/button';
import { Select } from '#client/components/ui/select';
import { canonicalLanguage, languageName, languageOptions } from '#common/story-language';
import { cn } from '#client/lib/utils';
import { Message, useT } from '#client/lib/i18n/use-t';
import { useOnline } from '#client/lib/pwa/offline-line';
import { NOT_OPENED_OFFLINE } from '#client/lib/pwa/offline-text';
import { categoryName } from '#client/lib/i18n/category-words';
import { useDiscoverStories } from '../api/get-discover-stories';
import { STATUS_DOT } from '../lib/status-colours';
import type { ReaderPosition } from '../lib/use-reader-position';
import { ALL, CategoryTiles, countByCategory } from './category-tiles';

// The list view (virtual list, cards, their clock and time zones) loads when it is first shown: the screen opens
// on the map (bench/README.md: JavaScript before the page is idle).
const DiscoverList = lazy(() => import('./discover-list'));

export interface DiscoverMapProps {
  /** Centre of the map: the reader, or the default centre when the position is unknown. */
  centre: Point;
  readerKnown: boolean;
  stories: Story[];
  onSelectStory: (story: Story) => void;
}

interface DiscoverScreenProps {
  position: ReaderPosition;
  /** The map (the home map, passed in by the page so this feature does not import another). */
  renderMap: (props: DiscoverMapProps) => ReactNode;
  onOpenStory: (story: Story) => void;
}

type View = 'map' | 'list';

/** docs/design.md, part 2 "Discovery screen" (/discover, /discover-advanced). */
export function DiscoverScreen({ position, renderMap, onOpenStory }: DiscoverScreenProps) {
  const t = useT();
  const { reader, settled, error: locationError } = position;
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'list' ? 'list' : 'map';
  const setView = (next: View) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next === 'list') copy.set('view', 'list');
        else copy.delete('view');
        return copy;
      },
      { replace: true },
    );
  // The language filter (docs/decisions/061-stories-carry-their-language.md), in the address like the view: the
  // server answers only that language's stories, chosen before its cap.
  const language = canonicalLanguage(params.get('lang') ?? '');
  const setLanguage = (next: string) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next) copy.set('lang', next);
        else copy.delete('lang');
        return copy;
      },
      { replace: true },
    );
  const [category, setCategory] = useState(ALL);
  const query = useDiscoverStories(reader, settled, language);
  const online = useOnline();

  const stories = useMemo(() => query.data ?? [], [query.data]);
  const counts = useMemo(() => countByCategory(stories), [stories]);
  const filtered = useMemo(
    () => (category === ALL ? stories : stories.filter((s) => s.category === category)),
    [stories, category],
  );
  const showAll = useCallback(() => setCategory(ALL), []);

  let body: ReactNode;
  if (!settled || query.isPending) {
    // As tall as the map that follows in the default view, so nothing below moves when it arrives (bench/README.md).
    body = (
      <p
        role="status"
        className={cn('grid place-items-center py-12 text-center text-mist-300', view === 'map' && 'h-96')}
      >
        {t('discover.loadingLocations')}
      </p>
    );
  } else if (query.isError && !online) {
    body = <EmptyText>{NOT_OPENED_OFFLINE}</EmptyText>;
  } else if (query.isError) {
    body = (
      <div
        role="alert"
        className="grid justify-items-center gap-3 rounded-xl border border-red-500/40 bg-red-500/10 p-6 text-center"
      >
        <p className="font-semibold text-red-100">{t('discover.failedToLoad')}</p>
        <p className="text-sm text-red-200">{t('discover.failedToLoadLocations')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw aria-hidden className={cn(query.isFetching && 'animate-spin')} />
          {t('discover.refresh')}
        </Button>
      </div>
    );
  } else if (stories.length === 0 && language) {
    body = (
      <div className="grid justify-items-center gap-3 py-8 text-center">
        <EmptyText>
          <Message
            id="discover.noStoriesInLanguage"
            values={{ language: languageName(language) }}
            components={{ 0: <span lang={language} /> }}
          />
        </EmptyText>
        <Button variant="outline" onClick={() => setLanguage('')}>
          {t('discover.showAnyLanguage')}
        </Button>
      </div>
    );
  } else if (stories.length === 0) {
    body = <EmptyText>{t('discover.noStoriesYet')}</EmptyText>;
  } else if (filtered.length === 0) {
    body = (
      <div className="grid justify-items-center gap-3 py-8 text-center">
        <EmptyText>{t('discover.noCategoryStories', { category: categoryName(t, category) })}</EmptyText>
        <Button variant="outline" onClick={showAll}>
          {t('discover.showAllCategories')}
        </Button>
      </div>
    );
  } else if (view === 'map') {
    body = (
      <div className="h-96">
        {renderMap({
          centre: reader ?? DEFAULT_CENTER,
          readerKnown: reader !== null,
          stories: filtered,
          onSelectStory: onOpenStory,
        })}
      </div>
    );
  } else {
    body = (
      <Suspense
        fallback={
          <p role="status" className="py-12 text-center text-mist-300">
            {t('discover.loadingList')}
          </p>
        }
      >
        <DiscoverList
          stories={stories}
          filtered={filtered}
          counts={counts}
          category={category}
          readerKnown={reader !== null}
          onView={setCategory}
          onOpenStory={onOpenStory}
        />
      </Suspense>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-5">
      <div>
        <h1 className="font-display text-2xl font-semibold text-mist-100">{t('discover.title')}</h1>
        <LocationNote reader={reader} settled={settled} error={locationError} />
      </div>
      <CategoryTiles counts={counts} selected={category} onSelect={setCategory} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label={t('discover.viewGroup')}
          className="inline-flex rounded-lg border border-night-600 p-1"
        >
          <ViewButton active={view === 'map'} onClick={() => setView('map')} icon={<MapIcon aria-hidden />}>
            {t('discover.mapView')}
          </ViewButton>
          <ViewButton active={view === 'list'} onClick={() => setView('list')} icon={<List aria-hidden />}>
            {t('discover.listView')}
          </ViewButton>
        </div>
        <LanguageFilter language={language} onChange={setLanguage} />
        {query.isSuccess && (
          <p className="text-sm text-mist-400" aria-live="polite">
            {t('discover.storyCount', { count: filtered.length })}
            {category === ALL ? '' : t('discover.inCategory', { category: categoryName(t, category) })}
          </p>
        )}
      </div>
      <Legend />
      {body}
    </div>
  );
}

// Each state is its own element (keys): a paragraph React only rewrote would keep the paint Chrome first timed for
// "Finding your location...", so the note that replaces it would never count as the screen's largest paint.
function LocationNote({ reader, settled, error }: { reader: Point | null; settled: boolean; error: string | null }) {
  const t = useT();
  if (reader)
    return (
      <p key="known" className="text-sm text-mist-400">
        {t('discover.aroundYou')}
      </p>
    );
  // While the position is pending, the line keeps the room of the longer note that follows when it is unknown (a
  // visitor's usual case), so the screen does not move down when that note arrives (bench/README.md: layout shift).
  if (!settled)
    return (
      <p key="finding" className="min-h-[7.875rem] text-sm text-mist-400 sm:min-h-[5.5rem]">
        {t('discover.findingLocation')}
      </p>
    );
  return (
    <p
      key="unknown"
      role="status"
      className="mt-2 rounded-lg border border-ember-500/40 bg-ember-500/10 px-3 py-2 text-sm text-ember-400"
    >
      {error ? `${error} ` : ''}
      {t('discover.locationUnknown', { latitude: DEFAULT_CENTER.latitude, longitude: DEFAULT_CENTER.longitude })}
    </p>
  );
}

/** "Any language" and the offered languages, each by its own name (a tag from the address stays choosable). */
function LanguageFilter({ language, onChange }: { language: string | null; onChange: (language: string) => void }) {
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="discover-language" className="text-sm text-mist-300">
        {t('discover.language')}
      </label>
      <Select
        id="discover-language"
        className="h-9 w-auto"
        value={language ?? ''}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('discover.anyLanguage')}</option>
        {languageOptions(language).map(({ value, label }) => (
          <option key={value} value={value} lang={value}>
            {label}
          </option>
        ))}
      </Select>
    </div>
  );
}

function ViewButton({
  active,
  onClick,
  icon,
  children,
}: {
  active: boolean;
  onClick: () => void;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors [&_svg]:size-4',
        active ? 'bg-glow-600 text-white' : 'text-mist-300 hover:bg-night-800 hover:text-mist-100',
      )}
    >
      {icon}
      {children}
    </button>
  );
}

/** docs/design.md, part 2: a legend explains the four lock colours; on phones it follows the stories (docs/decisions/014-phone-round-2.md). */
function Legend() {
  const t = useT();
  return (
    <section
      aria-labelledby="legend-heading"
      className="rounded-xl border border-night-700 bg-night-900/60 p-3 max-sm:order-last"
    >
      <h2 id="legend-heading" className="mb-2 text-xs font-semibold uppercase tracking-wider text-mist-400">
        {t('discover.unlockStatus')}
      </h2>
      <ul className="grid gap-1.5 text-xs text-mist-300 sm:grid-cols-2">
        {DISCOVERY_STATUS_LEGEND.map(({ colour }) => (
          <li key={colour} className="flex items-center gap-2">
            <span aria-hidden className={cn('h-2.5 w-2.5 shrink-0 rounded-full', STATUS_DOT[colour])} />
            {legendLabel(t, colour)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function EmptyText({ children }: { children: ReactNode }) {
  return <p className="py-4 text-center text-mist-300">{children}</p>;
}
