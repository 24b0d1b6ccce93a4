/**
 * The discovery screen's list view (docs/design.md, part 2): each category's count with a "View" button, then the stories
 * as cards in a virtual list. Loaded on demand by discover-screen.tsx.
 */
import { useMemo } from 'react';
import { CATEGORIES, categoryEmoji } from '#common/categories';
import type { Story } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';
import { useMinuteClock } from '../lib/use-minute-clock';
import { useZoneLookup } from '../lib/use-zone-lookup';
import { ALL } from './category-tiles';
import { DiscoverStoryCard } from './discover-story-card';
import { VirtualCardList } from './virtual-card-list';

const columnsFor = (width: number) => (width >= 960 ? 3 : width >= 620 ? 2 : 1);

interface DiscoverListProps {
  /** Every story on the screen (a daily time window among them loads the time zones), and those shown. */
  stories: Story[];
  filtered: Story[];
  counts: Map<string, number>;
  category: string;
  readerKnown: boolean;
  onView: (category: string) => void;
  onOpenStory: (story: Story) => void;
}

export default function DiscoverList({
  stories,
  filtered,
  counts,
  category,
  readerKnown,
  onView,
  onOpenStory,
}: DiscoverListProps) {
  const t = useT();
  const now = useMinuteClock();
  const zoneOf = useZoneLookup(useMemo(() => stories.some((s) => s.timeRestriction === 'time_of_day'), [stories]));
  return (
    <div className="grid grid-cols-1 gap-5">
      <CategoryOverview counts={counts} onView={onView} />
      <VirtualCardList
        items={filtered}
        label={
          category === ALL
            ? t('discover.stories')
            : t('discover.categoryStories', { category: categoryName(t, category) })
        }
        getKey={(story) => story.id}
        estimateRowHeight={236}
        columnsFor={columnsFor}
        renderItem={(story) => (
          <DiscoverStoryCard story={story} readerKnown={readerKnown} now={now} zoneOf={zoneOf} onOpen={onOpenStory} />
        )}
      />
    </div>
  );
}

/** List view: how many stories each category has, each with a "View" button filtering to it. */
function CategoryOverview({ counts, onView }: { counts: Map<string, number>; onView: (category: string) => void }) {
  const t = useT();
  const present = CATEGORIES.filter((name) => (counts.get(name) ?? 0) > 0);
  return (
    <section aria-labelledby="overview-heading" className="grid gap-2">
      <h2 id="overview-heading" className="font-display text-lg font-semibold text-mist-100">
        {t('discover.categories')}
      </h2>
      {/* Phones: one row that scrolls sideways; wider: a grid. Names are never cut short (docs/decisions/014-phone-round-2.md). */}
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3">
        {present.map((name) => (
          <li
            key={name}
            className="flex shrink-0 items-center justify-between gap-2 rounded-lg border border-night-700 bg-night-900/60 py-1.5 ps-3 pe-1.5"
          >
            <span className="flex min-w-0 items-center gap-1 text-sm text-mist-100">
              <span className="whitespace-nowrap sm:whitespace-normal sm:[overflow-wrap:anywhere]">
                <span aria-hidden>{categoryEmoji(name)} </span>
                {categoryName(t, name)}
              </span>
              <span className="shrink-0 text-mist-400">({counts.get(name)})</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => onView(name)}
              aria-label={t('discover.viewCategoryStories', { category: name })}
            >
              {t('discover.view')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
