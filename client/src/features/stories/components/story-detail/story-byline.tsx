import { Clock, MapPin } from 'lucide-react';
import type { Story } from '#common/schemas';
import { formatDuration } from '#client/lib/stories/story-display';

/** The dialog's header line under the title: author, media length and distance. */
export function StoryByline({ story }: { story: Story }) {
  const showDuration = (story.type === 'audio' || story.type === 'video') && story.duration;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>{story.author?.displayName || 'Anonymous'}</span>
      {showDuration ? (
        <span className="inline-flex items-center gap-1">
          <Clock className="h-3.5 w-3.5" aria-hidden />
          {formatDuration(story.duration)}
        </span>
      ) : null}
      {typeof story.distance === 'number' && (
        <span className="inline-flex items-center gap-1">
          <MapPin className="h-3.5 w-3.5" aria-hidden />
          {Math.round(story.distance)} m away
        </span>
      )}
    </span>
  );
}
