import { Heart, Lock } from 'lucide-react';
import { memo } from 'react';
import { categoryEmoji } from '#common/categories';
import { traceCount } from '#client/lib/i18n/story-words';
import { formatDistanceMetres } from '#common/format-distance';
import type { Story } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { storyTypeIcon } from '#client/lib/stories/story-display';
import { translate } from '#client/lib/i18n/i18n';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';

/** What a simple card says about a story: its description, else its content (only sent when unlocked). */
export function simpleStoryText(story: Story): string {
  return story.description?.trim() || story.content?.trim() || translate('discover.whisperedFallback');
}

/**
 * docs/design.md, part 2 "Simple discover" card; fixed layout (clamped texts) for the virtual grid. `distance`: the real
 * distance from the reader (metres), or null when their position is not known (no made-up figure is shown).
 */
export const SimpleStoryCard = memo(function SimpleStoryCard({
  story,
  distance,
  onView,
}: {
  story: Story;
  distance: number | null;
  onView: (story: Story) => void;
}) {
  const t = useT();
  return (
    <article
      data-testid="simple-card"
      className="flex h-full flex-col gap-3 rounded-xl border border-night-700 bg-night-900/80 p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="truncate rounded-full bg-glow-600/20 px-2.5 py-0.5 text-xs font-medium text-glow-300">
          <span aria-hidden>{categoryEmoji(story.category)} </span>
          {categoryName(t, story.category)}
        </span>
        {story.timeRestriction !== 'none' && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-ember-500/15 px-2 py-0.5 text-xs text-ember-400">
            <Lock className="h-3 w-3" aria-hidden />
            {t('discover.timeLocked')}
          </span>
        )}
      </div>
      <h3 className="flex items-center gap-2 font-display text-lg font-semibold text-mist-100">
        <span aria-hidden className="text-xl leading-none">
          {storyTypeIcon(story.type)}
        </span>
        <span lang={story.language} className="truncate">
          {story.title}
        </span>
      </h3>
      <p className="line-clamp-3 min-h-15 text-sm text-mist-300 [overflow-wrap:anywhere]">{simpleStoryText(story)}</p>
      <div className="flex items-center gap-3 text-xs text-mist-400">
        {distance !== null && <span data-testid="simple-distance">{formatDistanceMetres(distance)}</span>}
        <span className="inline-flex items-center gap-1">
          <Heart className="h-3.5 w-3.5" aria-hidden />
          <span className="sr-only">{t('discover.likes')}</span>
          {story.likes}
        </span>
        {story.traceCount > 0 && <span className="shrink-0">{traceCount(t, story.traceCount)}</span>}
        <span className="min-w-0 truncate">
          {t('discover.byAuthor', { name: story.author?.displayName || t('discover.anonymous') })}
        </span>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="mt-auto"
        onClick={() => onView(story)}
        aria-label={t('discover.viewStoryLabel', { title: story.title })}
      >
        {t('discover.viewStory')}
      </Button>
    </article>
  );
});
