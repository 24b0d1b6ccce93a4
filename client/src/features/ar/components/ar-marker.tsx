import type { Story } from '#common/schemas';
import { useT } from '#client/lib/i18n/use-t';
import { cn } from '#client/lib/utils';
import { storyDistanceText } from '#client/lib/stories/story-display';
import { formatMetres } from '../lib/format';
import { LABEL_WIDTH_PX, type MarkerBox } from '../lib/layout';
import { StoryTypeGlyph } from './story-type-glyph';

/**
 * One story floating over the camera: a round button at its bearing and distance, bright and solid when the
 * server says it is unlocked, dim and dashed with a lock when it is locked.
 */
export function ArMarker({ marker, onSelect }: { marker: MarkerBox<Story>; onSelect: (story: Story) => void }) {
  const t = useT();
  const { story, locked, size } = marker;
  // The server's distance, rounded as the story dialog rounds it (docs/decisions/014-phone-round-2.md); the live one only without it.
  const distance = storyDistanceText(story, { compact: true }) ?? formatMetres(marker.distance);
  return (
    <button
      type="button"
      data-story-id={story.id}
      data-locked={locked}
      aria-label={t('camera.markerName', {
        title: story.title,
        distance,
        state: locked ? t('camera.locked') : t('camera.unlocked'),
      })}
      onClick={() => onSelect(story)}
      className="group absolute flex -translate-x-1/2 flex-col items-center gap-1 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      // The circle's centre sits on the marker's point; title and distance hang below it.
      style={{ left: `${marker.x}%`, top: `calc(${marker.y}% - ${size / 2}px)` }}
    >
      <span
        className={cn(
          'flex items-center justify-center rounded-full border-2 transition-transform group-hover:scale-105 group-active:scale-95',
          locked
            ? 'border-dashed border-mist-400 bg-night-900/75 text-mist-300'
            : 'border-glow-300 bg-glow-600/85 text-white shadow-[0_0_24px_rgba(167,139,250,0.75)]',
        )}
        style={{ width: size, height: size }}
        data-marker-circle
      >
        <StoryTypeGlyph type={story.type} locked={locked} className="h-[42%] w-[42%]" />
      </span>
      <span
        // Never wider than the layout's label box, so labels the layout keeps apart never touch.
        style={{ maxWidth: LABEL_WIDTH_PX }}
        className={cn(
          'truncate whitespace-nowrap rounded-md px-1.5 py-0.5 text-xs font-semibold leading-tight shadow',
          locked ? 'bg-night-900/80 text-mist-300' : 'bg-night-900/85 text-white',
        )}
      >
        {marker.label}
      </span>
      <span data-ar-distance className="rounded bg-black/60 px-1 text-[11px] leading-tight text-mist-100">
        {distance}
      </span>
    </button>
  );
}
