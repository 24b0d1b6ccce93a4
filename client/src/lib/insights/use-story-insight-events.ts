/**
 * The story dialog's insight events (docs/decisions/018-insights-counts-not-readers.md): "open" once when an unlocked story is shown, "read" once a text
 * story stayed open for its reading time (250 words a minute, at most 60 s), and for audio and video "play" and
 * each quartile reached while playing, each at most once per dialog (the server keeps one per day). Nothing is
 * reported for the reader's own story.
 */
import { useEffect, useMemo, useRef } from 'react';
import { QUARTILES, quartileKind, readingTimeMs } from '#common/insights';
import type { Story } from '#common/schemas';
import { reportInsightEvent } from './report-event';
import { isTextStory } from '#common/story-types';
import { isTimedStory } from '#common/media-kinds';

export interface PlaybackInsightHandlers {
  onPlay: () => void;
  onTimeUpdate: (media: HTMLMediaElement) => void;
  onEnded: () => void;
}

const NO_HANDLERS: PlaybackInsightHandlers = { onPlay: () => {}, onTimeUpdate: () => {}, onEnded: () => {} };

export function useStoryInsightEvents(story: Story, viewerId: string | null | undefined): PlaybackInsightHandlers {
  const counted = !story.isLocked && viewerId !== story.authorId;
  const { id, type, content, duration } = story;

  useEffect(() => {
    if (counted) reportInsightEvent(id, 'open');
  }, [counted, id]);

  useEffect(() => {
    if (!counted || !isTextStory(type)) return;
    const timer = window.setTimeout(() => reportInsightEvent(id, 'read'), readingTimeMs(content));
    return () => window.clearTimeout(timer);
  }, [counted, id, type, content]);

  const sent = useRef(new Set<string>());
  return useMemo(() => {
    if (!counted || !isTimedStory(type)) return NO_HANDLERS;
    const once = (kind: Parameters<typeof reportInsightEvent>[1]) => {
      if (sent.current.has(kind)) return;
      sent.current.add(kind);
      reportInsightEvent(id, kind);
    };
    return {
      onPlay: () => once('play'),
      onTimeUpdate: (media) => {
        if (media.paused) return;
        // WebM recorded in a browser may not know its length until played through: the stored one stands in.
        const length = Number.isFinite(media.duration) && media.duration > 0 ? media.duration : (duration ?? 0);
        if (length <= 0) return;
        const reached = (media.currentTime / length) * 100;
        // The last quartile within a second of the end (timeupdate rarely lands on the very last frame).
        for (const q of QUARTILES)
          if (reached >= q || (q === 100 && length - media.currentTime < 1)) once(quartileKind(q));
      },
      onEnded: () => QUARTILES.forEach((q) => once(quartileKind(q))),
    };
  }, [counted, id, type, duration]);
}
