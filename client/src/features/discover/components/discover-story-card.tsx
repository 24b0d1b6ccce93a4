import { Navigation } from 'lucide-react';
import { memo } from 'react';
import { categoryEmoji } from '#common/categories';
import { DEFAULT_CENTER, PREVIEW_CHARS, READY_TO_DISCOVER_KM } from '#common/constants';
import { coordinatesLabel, navigateUrl, previewText } from '#common/discovery-text';
import { nearPlace, statusLine } from '#client/lib/i18n/lock-words';
import { formatDistanceMetres } from '#common/format-distance';
import { haversineMetres } from '#common/geo';
import { traceCount } from '#client/lib/i18n/story-words';
import type { Story } from '#common/schemas';
import { cn } from '#client/lib/utils';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';
import { StoryLanguageName } from '#client/components/stories/story-language-name';
import { STATUS_DOT, STATUS_TEXT } from '../lib/status-colours';
import { storyStatus, type ZoneOf } from '../lib/story-status';
import { storyTypeIcon, storyTypeLabel } from '#client/lib/stories/story-display';

const READY_METRES = READY_TO_DISCOVER_KM * 1000;

interface DiscoverStoryCardProps {
  story: Story;
  /** False when the reader's position is unknown (the list then measures from the default centre). */
  readerKnown: boolean;
  now: Date;
  /** The time-zone lookup once loaded (null before: time windows follow the server's verdict). */
  zoneOf: ZoneOf | null;
  onOpen: (story: Story) => void;
}

/**
 * A discovery list card (docs/design.md, part 2). The title is the button that opens the story; its hit area covers the
 * whole card, while "Navigate" stays a separate link above it. Fixed layout (clamped texts) so every card of the
 * list has the same height, which the virtual list relies on.
 */
export const DiscoverStoryCard = memo(function DiscoverStoryCard({
  story,
  readerKnown,
  now,
  zoneOf,
  onOpen,
}: DiscoverStoryCardProps) {
  const t = useT();
  const status = storyStatus(story, now, zoneOf);
  const distance = readerKnown ? story.distance : haversineMetres(DEFAULT_CENTER, story);
  const distanceText =
    distance === null
      ? null
      : readerKnown
        ? t('discover.distanceAway', { distance: formatDistanceMetres(distance) })
        : t('discover.distanceFromSavannah', { distance: formatDistanceMetres(distance) });
  const ready = readerKnown && distance !== null && distance <= READY_METRES && status.open;
  const travel = readerKnown && distance !== null && distance > READY_METRES;
  return (
    <article
      data-testid="discover-card"
      className="relative flex h-full flex-col gap-2 rounded-xl border border-night-700 bg-night-900/80 p-4 transition-colors hover:border-glow-500/60 hover:bg-night-800"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden className="mt-0.5 text-2xl leading-none">
          {storyTypeIcon(story.type)}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-display text-lg font-semibold text-mist-100">
            {/* A block, so a long title ends in "…" instead of being cut mid-letter (the ::after still covers the card). */}
            <button
              type="button"
              onClick={() => onOpen(story)}
              lang={story.language}
              className="block w-full truncate text-start after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-glow-400"
            >
              {story.title}
            </button>
          </h3>
          {/* The author's name gives way (…), never the category: at 320 px "🏛 Hist…" said nothing. */}
          <p className="flex min-w-0 text-xs text-mist-400" data-testid="discover-card-byline">
            <span className="min-w-0 truncate">{story.author?.displayName || t('discover.anonymous')}</span>
            <span className="shrink-0 whitespace-nowrap">
              &nbsp;· <span aria-hidden>{categoryEmoji(story.category)} </span>
              {categoryName(t, story.category)}
            </span>
          </p>
        </div>
        <span className="flex shrink-0 flex-col items-end gap-1 text-xs">
          <span className="rounded-full bg-night-700 px-2 py-0.5 text-mist-100">{storyTypeLabel(story.type)}</span>
          <StoryLanguageName language={story.language} />
        </span>
      </div>
      {/* One line (the list's cards keep one height): the coordinates the spec gives the card, then the town they
          are near, which gives way first on a narrow card. */}
      <p className="flex gap-x-3 text-xs text-mist-300">
        <span data-testid="discover-card-place" className="min-w-0 truncate">
          📍 {coordinatesLabel(story.latitude, story.longitude)}
          {story.placeName && ` · ${nearPlace(t, story.placeName)}`}
        </span>
        {distanceText && <span className="shrink-0 font-medium">{distanceText}</span>}
      </p>
      <p
        data-status-colour={status.colour}
        className={cn('flex items-center gap-2 text-sm font-medium', STATUS_TEXT[status.colour])}
      >
        <span aria-hidden className={cn('h-2.5 w-2.5 shrink-0 rounded-full', STATUS_DOT[status.colour])} />
        <span className="truncate">{statusLine(t, story, status)}</span>
      </p>
      <p
        lang={story.content ? story.language : undefined}
        className="line-clamp-2 min-h-10 text-sm text-mist-300 [overflow-wrap:anywhere]"
      >
        {previewText(story.content, PREVIEW_CHARS.list, t('discover.mysticalFallback'))}
      </p>
      <div className="mt-auto flex items-center justify-between gap-2">
        <a
          href={navigateUrl(story.latitude, story.longitude)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('discover.navigateLabel', { title: story.title })}
          className="relative z-10 inline-flex h-9 items-center gap-1.5 rounded-lg border border-night-600 px-3 text-sm text-mist-100 hover:bg-night-800"
        >
          <Navigation className="h-4 w-4" aria-hidden />
          {t('discover.navigate')}
        </a>
        {story.traceCount > 0 && (
          <span data-testid="discover-card-traces" className="me-auto text-xs text-mist-300">
            {traceCount(t, story.traceCount)}
          </span>
        )}
        {ready ? (
          <span className="rounded-full bg-emerald-500/15 px-2.5 py-1 text-xs font-semibold text-emerald-300">
            {t('discover.ready')}
          </span>
        ) : travel ? (
          <span className="rounded-full bg-yellow-500/15 px-2.5 py-1 text-xs font-medium text-yellow-200">
            {t('discover.travelRequired')}
          </span>
        ) : !readerKnown ? (
          <span className="rounded-full bg-night-700 px-2.5 py-1 text-xs text-mist-300">
            {t('discover.locationUnknownBadge')}
          </span>
        ) : null}
      </div>
    </article>
  );
});
