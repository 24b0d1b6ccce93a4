import type { MapMarker } from '#common/map-schemas';
import { nearPlace } from '#client/lib/i18n/lock-words';
import { Dialog, DialogContent } from '#client/components/ui/dialog';
import { markerName, storyDistanceText, storyTypeIcon, storyTypeLabel } from '#client/lib/stories/story-display';
import { cn } from '#client/lib/utils';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';
import { useStoryTitles } from '../../api/get-story';

/**
 * The stories of a map cluster that cannot split any further (stories at one spot, at the last zoom), as a
 * bottom sheet: newest first, each opens the story (docs/design.md, rule 13).
 */
export function StoryStackSheet<T extends MapMarker>({
  stories,
  onSelect,
  onClose,
}: {
  /**
   * The stack's stories in the answer's order; null when the sheet is closed. Markers carry no creation date: the
   * map answer lists stories at one spot (equal distance) newest first already; full stories are sorted here.
   */
  stories: T[] | null;
  onSelect: (story: T) => void;
  onClose: () => void;
}) {
  const t = useT();
  const createdAt = (story: T) =>
    'createdAt' in story && typeof story.createdAt === 'string' ? story.createdAt : null;
  const newestFirst = stories
    ? [...stories].sort((a, b) => {
        const [x, y] = [createdAt(a), createdAt(b)];
        return x !== null && y !== null ? y.localeCompare(x) : 0;
      })
    : [];
  // Markers carry no title (docs/decisions/025-marker-columns-without-titles.md): those the page does not know are asked for now, each by the one-story
  // read (docs/decisions/058-stack-titles-and-hint-room.md); the kind and category stand in until then.
  const untitled = newestFirst.filter((story) => !story.title).map((story) => story.id);
  const fetched = useStoryTitles(untitled);
  const titleOf = (story: T) => story.title || fetched.titles.get(story.id);
  // Full stories carry the town they are near (markers do not): one spot, one town.
  const first = newestFirst[0];
  const placeName = first && 'placeName' in first && typeof first.placeName === 'string' ? first.placeName : null;
  const description = placeName
    ? t('story.stackDescriptionNear', { near: nearPlace(t, placeName) })
    : t('story.stackDescription');
  return (
    <Dialog open={stories !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        placement="bottom"
        title={t('story.stackTitle', { count: newestFirst.length })}
        description={description}
      >
        {fetched.loading && (
          <p role="status" className="text-sm text-mist-300">
            {t('story.loadingTitles')}
          </p>
        )}
        <ul aria-label={t('story.stackListLabel')} aria-busy={fetched.loading} className="grid gap-2">
          {newestFirst.map((story) => (
            <li key={story.id}>
              <button
                type="button"
                onClick={() => onSelect(story)}
                className={cn(
                  'flex w-full items-center gap-3 rounded-xl border border-night-700 bg-night-800/70 px-3 py-2.5 text-start transition-colors hover:border-glow-500/60 hover:bg-night-800',
                )}
              >
                <span aria-hidden className="text-xl leading-none">
                  {storyTypeIcon(story.type)}
                </span>
                <span className="min-w-0 flex-1">
                  {titleOf(story) || !fetched.loading ? (
                    <span className="block truncate font-medium text-mist-100">
                      {titleOf(story) ?? markerName(story)}
                    </span>
                  ) : (
                    <span aria-hidden className="my-1 block h-4 w-2/3 animate-pulse rounded bg-night-700" />
                  )}
                  <span className="block truncate text-xs text-mist-400">
                    {categoryName(t, story.category)} · {storyTypeLabel(story.type)}
                    {story.isLocked ? t('story.lockedSuffix') : ''}
                  </span>
                </span>
                {storyDistanceText(story, { compact: true }) && (
                  <span className="shrink-0 text-xs text-mist-300">{storyDistanceText(story, { compact: true })}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
