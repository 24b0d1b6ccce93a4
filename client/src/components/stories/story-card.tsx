import { memo } from 'react';
import type { Story } from '#common/schemas';
import { cn } from '#client/lib/utils';
import { useT } from '#client/lib/i18n/use-t';
import { isClaimLock } from '#client/lib/location/claim-lock-text';
import { ClaimLockLine } from './claim-lock-line';
import { StoryLanguageName } from './story-language-name';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { STORY_TYPE_UPLOAD } from '#common/story-type-specs';
import { countWords } from '#common/text';
import {
  formatDuration,
  formatWordCount,
  lockLines,
  storyDistanceText,
  storyTypeIcon,
  storyTypeLabel,
} from '#client/lib/stories/story-display';

/**
 * A media story says its length as its kind has it (common/media-kinds.ts: audio and video m:ss, an image "Photo"); text and TikTok their word count (server's, else
 * counted here) — a picture's or a clip's teaser words say nothing about it.
 */
function lengthText(story: Story): string {
  const kind = STORY_TYPE_UPLOAD[story.type];
  if (kind) {
    const { timed, cardLabel } = MEDIA_KIND_SPECS[kind];
    return cardLabel === null || (timed && story.duration) ? formatDuration(story.duration) : cardLabel;
  }
  return formatWordCount(story.wordCount ?? countWords(story.content ?? story.description));
}

/**
 * docs/design.md, part 2 "Story card": a button whose accessible name starts with the title. Locked cards are dimmed
 * and say how to open them; `showDistance` is off on My Stories. Memoised: the home page re-renders on every
 * position, map and query update, and its list need not redraw thirty unchanged cards each time (bench/README.md: TBT).
 */
export const StoryCard = memo(function StoryCard({
  story,
  onSelect,
  showDistance = true,
}: {
  story: Story;
  onSelect: (story: Story) => void;
  showDistance?: boolean;
}) {
  const t = useT();
  // The server decides locks (an author sees their own story unlocked from anywhere).
  const locked = story.isLocked;
  const distance = showDistance ? storyDistanceText(story, { compact: true }) : null;
  return (
    <button
      type="button"
      onClick={() => onSelect(story)}
      className={cn(
        'group flex w-full flex-col gap-2 rounded-xl border border-night-700 bg-night-900/80 p-4 text-start transition-colors hover:border-glow-500/60 hover:bg-night-800',
        locked && 'opacity-70',
      )}
    >
      <span className="flex items-start gap-3">
        <span aria-hidden className="mt-0.5 text-2xl leading-none">
          {storyTypeIcon(story.type)}
        </span>
        <span className="min-w-0 flex-1">
          <span lang={story.language} className="block truncate font-display text-lg font-semibold text-mist-100">
            {story.title}
          </span>
          <span className="block text-xs text-mist-400">{story.author?.displayName || t('story.anonymous')}</span>
        </span>
        {distance && <span className="shrink-0 text-xs font-medium text-mist-300">{distance}</span>}
      </span>
      <span lang={story.description ? story.language : undefined} className="line-clamp-2 text-sm text-mist-300">
        {story.description || t('story.noDescription')}
      </span>
      {locked &&
        (isClaimLock(story.lockReason) ? (
          <ClaimLockLine reason={story.lockReason} className="text-sm font-medium text-ember-400" />
        ) : (
          lockLines(story).map((line) => (
            <span key={line} className="text-sm font-medium text-ember-400">
              {line}
            </span>
          ))
        ))}
      <span className="flex items-center gap-2 text-xs text-mist-400">
        <span className="rounded-full bg-night-700 px-2 py-0.5 text-mist-100">{storyTypeLabel(story.type)}</span>
        <span>{lengthText(story)}</span>
        <StoryLanguageName language={story.language} />
        <span className="ms-auto flex items-center gap-1.5">
          <span aria-hidden className={cn('h-2.5 w-2.5 rounded-full', locked ? 'bg-ember-500' : 'bg-emerald-400')} />
          <span className="sr-only">{locked ? t('story.locked') : t('story.unlocked')}</span>
        </span>
      </span>
    </button>
  );
});
