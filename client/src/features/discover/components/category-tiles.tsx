import { CATEGORIES, categoryEmoji } from '#common/categories';
import { cn } from '#client/lib/utils';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';

/** The "All" tile's value; its label is translated where it is shown. */
export const ALL = 'All';

/** Stories per category, plus the total under "All", in one pass over the list. */
export function countByCategory(stories: readonly { category: string }[]): Map<string, number> {
  const counts = new Map<string, number>([[ALL, stories.length]]);
  for (const story of stories) counts.set(story.category, (counts.get(story.category) ?? 0) + 1);
  return counts;
}

interface CategoryTilesProps {
  counts: Map<string, number>;
  selected: string;
  /** Clicking the selected tile again, or "All", shows every category. */
  onSelect: (category: string) => void;
}

/**
 * docs/design.md, part 2: category tiles with emoji and counts; a click toggles the filter, "All" resets. On phones they
 * are one compact row that scrolls sideways, so the stories start within the first screen (docs/decisions/014-phone-round-2.md);
 * from `sm` up a grid of tiles. A name is never cut short.
 */
export function CategoryTiles({ counts, selected, onSelect }: CategoryTilesProps) {
  const t = useT();
  return (
    <div
      role="group"
      aria-label={t('discover.filterByCategory')}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:grid sm:grid-cols-5 sm:overflow-visible sm:px-0 sm:pb-0"
    >
      {[ALL, ...CATEGORIES].map((name) => {
        const active = selected === name;
        const count = counts.get(name) ?? 0;
        const label = name === ALL ? t('discover.all') : categoryName(t, name);
        return (
          <button
            key={name}
            type="button"
            aria-pressed={active}
            aria-label={t('discover.tileLabel', { name: label, count })}
            onClick={() => onSelect(active || name === ALL ? ALL : name)}
            className={cn(
              'flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border px-3 py-1.5 text-center transition-colors',
              'sm:min-w-0 sm:flex-col sm:gap-0.5 sm:whitespace-normal sm:rounded-xl sm:px-2 sm:py-2',
              active
                ? 'border-glow-400 bg-glow-600 text-white'
                : 'border-night-600 bg-night-900 text-mist-300 hover:border-glow-500/60 hover:text-mist-100',
            )}
          >
            <span aria-hidden className="text-base leading-none sm:text-xl">
              {name === ALL ? '✨' : categoryEmoji(name)}
            </span>
            <span className="text-sm font-medium sm:w-full sm:text-xs sm:[overflow-wrap:anywhere]">{label}</span>
            {/* Two digits' room from the start: the counts arriving do not widen the row (bench/README.md: layout shift).
                Full opacity on the selected tile keeps 4.5:1 on its violet. */}
            <span
              data-testid="category-count"
              className={cn('min-w-[2ch] text-xs tabular-nums', !active && 'opacity-80')}
            >
              {count}
            </span>
          </button>
        );
      })}
    </div>
  );
}
