/**
 * How each media kind (common/media-kinds.ts) is shown: the reader's player in the story dialog, the moderator's
 * review copy in the queue. A new kind does not compile until it has its entry.
 */
import { Fragment, type ReactNode } from 'react';
import { MEDIA_KINDS, type MediaKind } from '#common/enums';
import { MEDIA_KIND_SPECS, type MediaUrlField } from '#common/media-kinds';
import type { Story } from '#common/schemas';
import type { PlaybackInsightHandlers } from '#client/lib/insights/use-story-insight-events';
import { translate } from '#client/lib/i18n/i18n';
import { AudioPlayer } from './audio-player';

interface MediaView {
  /** The unlocked story's file in the story dialog (`src` is its signed URL). */
  player: (src: string, story: Story, playback: PlaybackInsightHandlers | undefined) => ReactNode;
  /** The moderation queue's copy of it. */
  review: (src: string, title: string) => ReactNode;
}

export const MEDIA_VIEWS = {
  audio: {
    player: (src, story, playback) => <AudioPlayer src={src} fallbackDuration={story.duration} playback={playback} />,
    review: (src, title) => <audio controls src={src} dir="ltr" aria-label={translate('story.audioOf', { title })} />,
  },
  image: {
    player: (src, story) => (
      <img src={src} alt={story.title} className="max-h-[60dvh] w-full rounded-xl object-contain" />
    ),
    review: (src, title) => (
      <img src={src} alt={translate('story.imageOf', { title })} className="max-h-64 w-fit rounded-lg" />
    ),
  },
  video: {
    player: (src, story, playback) => (
      <video
        dir="ltr"
        src={src}
        poster={story.thumbnailUrl ?? undefined}
        controls
        playsInline
        aria-label={story.title}
        onPlay={playback?.onPlay}
        onTimeUpdate={(e) => playback?.onTimeUpdate(e.currentTarget)}
        onEnded={playback?.onEnded}
        className="max-h-[60dvh] w-full rounded-xl bg-black"
        // Spec: volume 0.8, unmuted (the attribute cannot set volume, so set it once the element exists).
        ref={(video) => {
          if (video) {
            video.volume = 0.8;
            video.muted = false;
          }
        }}
      >
        {/* Timed captions only (a `.vtt`; docs/decisions/056-transcripts-and-captions.md), signed like the video. */}
        {story.transcriptUrl && new URL(story.transcriptUrl, window.location.href).pathname.endsWith('.vtt') && (
          <track kind="captions" src={story.transcriptUrl} srcLang="en" label={translate('story.captions')} default />
        )}
      </video>
    ),
    review: (src, title) => (
      <video controls src={src} dir="ltr" aria-label={translate('story.videoOf', { title })} className="max-h-64" />
    ),
  },
} satisfies Record<MediaKind, MediaView>;

/** The signed URL of a story's file of this kind, when the answer carries one (an unlocked story). */
export const mediaUrlOf = (story: Pick<Story, MediaUrlField>, kind: MediaKind): string | null =>
  story[MEDIA_KIND_SPECS[kind].urlField] ?? null;

/** The moderation queue's copies of a story's files, in MEDIA_KINDS' order. */
export function MediaReviews({ story }: { story: Partial<Record<MediaUrlField, string>> & { title: string } }) {
  return MEDIA_KINDS.map((kind) => {
    const src = story[MEDIA_KIND_SPECS[kind].urlField];
    return src ? <Fragment key={kind}>{MEDIA_VIEWS[kind].review(src, story.title)}</Fragment> : null;
  });
}
