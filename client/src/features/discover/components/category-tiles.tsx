import { CATEGORIES, categoryEmoji } from '#common/categories';
import { cn } from '#client/lib/utils';

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

/** Spec section 2: category tiles with emoji and counts; a click toggles the filter, "All" resets. */
export function CategoryTiles({ counts, selected, onSelect }: CategoryTilesProps) {
  return (
    <div role="group" aria-label="Filter by category" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
      {[ALL, ...CATEGORIES].map((name) => {
        const active = selected === name;
        const count = counts.get(name) ?? 0;
        return (
          <button
            key={name}
            type="button"
            aria-pressed={active}
            aria-label={`${name} (${count})`}
            onClick={() => onSelect(active || name === ALL ? ALL : name)}
            className={cn(
              'flex min-w-0 flex-col items-center gap-0.5 rounded-xl border px-2 py-2 text-center transition-colors',
              active
                ? 'border-glow-400 bg-glow-600 text-white'
                : 'border-night-600 bg-night-900 text-mist-300 hover:border-glow-500/60 hover:text-mist-100',
            )}
          >
            <span aria-hidden className="text-xl leading-none">
              {name === ALL ? '✨' : categoryEmoji(name)}
            </span>
            <span className="w-full truncate text-xs font-medium">{name}</span>
            <span data-testid="category-count" className="text-xs opacity-80">
              {count}
            </span>
          </button>
        );
      })}
    </div>
  );
}
