import { categoryEmoji } from '#common/categories';
import type { Story } from '#common/schemas';
import { DISCOVERY_RADIUS_M } from '#common/constants';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';
import { cn } from '#client/lib/utils';
import { formatMetres } from '../lib/format';
import { StoryTypeGlyph } from './story-type-glyph';

export interface ListedStory {
  story: Story;
  distance: number;
}

/** The "Show All" panel: every story within the radius in the category, nearest first, each opening its detail. */
export function ArStoryList({
  id,
  stories,
  onSelect,
}: {
  id: string;
  stories: ListedStory[];
  onSelect: (story: Story) => void;
}) {
  const t = useT();
  const radius = formatMetres(DISCOVERY_RADIUS_M);
  return (
    <section
      id={id}
      aria-label={t('camera.allNearby')}
      className="max-h-[42dvh] overflow-y-auto rounded-2xl border border-white/10 bg-night-950/85 p-2 backdrop-blur-md"
    >
      <h2 className="px-2 pb-1 pt-1 text-xs font-semibold uppercase tracking-wide text-mist-400">
        {t('camera.within', { radius })}
      </h2>
      {stories.length === 0 ? (
        <p className="px-2 py-3 text-sm text-mist-300">{t('camera.noneInCategory', { radius })}</p>
      ) : (
        <ul className="grid gap-1.5">
          {stories.map(({ story, distance }) => (
            <li key={story.id}>
              <button
                type="button"
                onClick={() => onSelect(story)}
                className="flex w-full items-center gap-3 rounded-xl bg-night-800/80 p-2.5 text-start text-mist-100 hover:bg-night-700"
              >
                <span
                  className={cn(
                    'flex h-9 w-9 shrink-0 items-center justify-center rounded-full',
                    story.isLocked ? 'border border-dashed border-mist-400 text-mist-300' : 'bg-glow-600 text-white',
                  )}
                >
                  <StoryTypeGlyph type={story.type} locked={story.isLocked} className="h-4 w-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{story.title}</span>
                  <span className="block text-xs text-mist-300">
                    <span aria-hidden>{categoryEmoji(story.category)} </span>
                    {categoryName(t, story.category)} · {formatMetres(distance)} ·{' '}
                    {story.isLocked ? t('camera.locked') : t('camera.unlocked')}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
