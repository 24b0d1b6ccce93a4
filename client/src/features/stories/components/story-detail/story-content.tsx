import { useRef, type ReactNode } from 'react';
import { unreachable } from '#common/exhaustive';
import type { Story } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { useT } from '#client/lib/i18n/use-t';
import { storyTypeIcon } from '#client/lib/stories/story-display';
import type { PlaybackInsightHandlers } from '#client/lib/insights/use-story-insight-events';
import { MEDIA_VIEWS, mediaUrlOf } from '#client/components/stories/media-views';
import { STORY_TYPE_UPLOAD } from '#common/story-type-specs';
import type { MediaKind, StoryType } from '#common/enums';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { StoryTranscript } from './story-transcript';

/**
 * An unlocked story's content, by type: its media kind's player (components/stories/media-views.tsx) with the
 * transcript of timed media beside it, a TikTok link or text.
 */
export function StoryContent({
  story,
  playback,
  isAuthor = false,
}: {
  story: Story;
  playback?: PlaybackInsightHandlers;
  isAuthor?: boolean;
}) {
  const kind = STORY_TYPE_UPLOAD[story.type];
  if (kind) {
    const src = mediaUrlOf(story, kind);
    if (!src) return <NoMedia />;
    if (!MEDIA_KIND_SPECS[kind].timed) return MEDIA_VIEWS[kind].player(src, story, playback);
    return <TimedMedia story={story} player={MEDIA_VIEWS[kind].player(src, story, playback)} isAuthor={isAuthor} />;
  }
  const type = story.type as Exclude<StoryType, MediaKind>;
  switch (type) {
    case 'tiktok':
      return <TikTokCard story={story} />;
    case 'text':
      return (
        // dir="auto": the writer's text reads in its own direction whatever the interface's (English in Arabic).
        <p
          lang={story.language}
          dir="auto"
          data-testid="story-text"
          className="whitespace-pre-line leading-relaxed text-mist-100"
        >
          {story.content}
        </p>
      );
    default:
      return unreachable(type);
  }
}

/** A player and its transcript (docs/decisions/056-transcripts-and-captions.md), which follows the player's time. */
function TimedMedia({ story, player, isAuthor }: { story: Story; player: ReactNode; isAuthor: boolean }) {
  const area = useRef<HTMLDivElement>(null);
  return (
    <div ref={area} className="grid gap-3">
      {player}
      <StoryTranscript story={story} isAuthor={isAuthor} mediaArea={area} />
    </div>
  );
}

function NoMedia() {
  const t = useT();
  return <p className="text-sm text-mist-400">{t('story.mediaUnavailable')}</p>;
}

function TikTokCard({ story }: { story: Story }) {
  const t = useT();
  if (!story.tiktokUrl) return <NoMedia />;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-night-600 bg-gradient-to-br from-pink-600/20 to-cyan-500/20 p-6 text-center">
      <span aria-hidden className="text-4xl">
        {storyTypeIcon('tiktok')}
      </span>
      <Button asChild>
        <a href={story.tiktokUrl} target="_blank" rel="noopener noreferrer">
          {t('story.watchOnTikTok')}
        </a>
      </Button>
      <a
        href={story.tiktokUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="text-sm text-glow-300 underline-offset-4 hover:underline"
      >
        {t('story.viewOnTikTok')}
      </a>
      {story.tiktokVideoId && (
        <p className="text-xs text-mist-400">{t('story.videoId', { id: story.tiktokVideoId })}</p>
      )}
    </div>
  );
}
