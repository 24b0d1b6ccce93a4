/**
 * Link previews for shared stories (docs/design.md, rule 9, docs/design.md, rule 13): the Open Graph and Twitter card tags
 * a chat app reads from `/stories/:id`. A link preview has no position, so it sees every story as a visitor far
 * away does — locked: title, description, category, type and author only, never content or media.
 */
import { STORY_TYPE_LABEL } from '#common/story-types';
import { nearPlaceText } from '#common/discovery-text';
import { safeDisplayName, safeSingleLine } from '#common/text';
import type { Story } from '#common/schemas';
import { tourLengthText } from '#common/tours';
import type { Tour } from '#common/tour-schemas';

/** The app's own preview image (client/public), the same for every story: a story's media never goes out. */
const SHARE_IMAGE_PATH = '/og-image.png';

export interface ShareTagsInput {
  story: Pick<Story, 'id' | 'title' | 'description' | 'category' | 'type' | 'author' | 'placeName'>;
  /**
   * Absolute origin (PUBLIC_URL, else the request's own when it names this server), without a trailing slash;
   * undefined leaves the absolute links (og:url, og:image) out rather than build them from an unchecked Host.
   */
  origin: string | undefined;
}

/** The `<meta>` tags and `<title>` for one story, every value HTML-escaped. */
export function shareTags({ story, origin }: ShareTagsInput): string {
  const author = (story.author.displayName && safeDisplayName(story.author.displayName)) || 'Anonymous';
  const typeLabel = STORY_TYPE_LABEL[story.type];
  // "near Savannah, Georgia": the place nearest the published position, which the story's answers carry anyway.
  const place = story.placeName ? ` · ${nearPlaceText(story.placeName)}` : '';
  const summary = `${typeLabel} story · ${story.category} · by ${author}${place}`;
  // Texts stored before the public-text rule: on one line, with nothing a preview must not show (text.ts).
  const storyTitle = safeSingleLine(story.title);
  const storyDescription = story.description && safeSingleLine(story.description).trim();
  const description = storyDescription ? `${summary}. ${storyDescription}` : `${summary}. Walk there to unlock it.`;
  const url = origin && `${origin}/stories/${encodeURIComponent(story.id)}`;
  const image = origin && `${origin}${SHARE_IMAGE_PATH}`;
  const title = `${storyTitle} — Whispers`;

  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    named('description', description),
    property('og:site_name', 'Whispers'),
    property('og:type', 'article'),
    property('og:title', storyTitle),
    property('og:description', description),
    ...(url ? [property('og:url', url)] : []),
    ...(image ? [property('og:image', image), property('og:image:alt', 'Whispers — Discover hidden stories')] : []),
    property('article:section', story.category),
    property('article:tag', typeLabel),
    property('article:author', author),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', storyTitle),
    named('twitter:description', description),
    ...(image ? [named('twitter:image', image)] : []),
  ].join('\n    ');
}

/**
 * The built index.html with the story's tags in place of its generic `<title>` and description, so a crawler
 * that reads only the first kilobytes finds them in `<head>`.
 */
export function withShareTags(indexHtml: string, tags: string): string {
  const withoutGeneric = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  // A replacer function: a replacement string would expand `$&`, `$'` and `` $` `` in a title (docs/security.md, "Hardening, third round").
  return withoutGeneric.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * A shared walking tour's tags (docs/decisions/016-walk-mode-and-tours.md), spoiler-safe like a story's: its title, description, stop count, length,
 * author and the town it starts near; never a stop's title, spot or content (those are for walkers).
 */
export function tourShareTags({
  tour,
  origin,
}: {
  tour: Pick<
    Tour,
    'id' | 'title' | 'description' | 'stopCount' | 'lengthM' | 'walkingMinutes' | 'author' | 'placeName'
  >;
  origin: string | undefined;
}): string {
  const author = (tour.author.displayName && safeDisplayName(tour.author.displayName)) || 'Anonymous';
  // The town it starts near (the summary's start point, public anyway), never a stop's own place.
  const place = tour.placeName ? ` · ${nearPlaceText(tour.placeName)}` : '';
  const summary = `Walking tour · ${tour.stopCount} stops · ${tourLengthText(tour.lengthM, tour.walkingMinutes)} · by ${author}${place}`;
  const tourTitle = safeSingleLine(tour.title);
  const tourDescription = tour.description && safeSingleLine(tour.description).trim();
  const description = tourDescription ? `${summary}. ${tourDescription}` : `${summary}. Walk it to unlock its stories.`;
  const url = origin && `${origin}/tours/${encodeURIComponent(tour.id)}`;
  const image = origin && `${origin}${SHARE_IMAGE_PATH}`;
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(`${tourTitle} — Whispers`)}</title>`,
    named('description', description),
    property('og:site_name', 'Whispers'),
    property('og:type', 'article'),
    property('og:title', tourTitle),
    property('og:description', description),
    ...(url ? [property('og:url', url)] : []),
    ...(image ? [property('og:image', image), property('og:image:alt', 'Whispers — Discover hidden stories')] : []),
    property('article:author', author),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', tourTitle),
    named('twitter:description', description),
    ...(image ? [named('twitter:image', image)] : []),
    // The tour as route files (docs/decisions/054-tours-as-gpx-and-geojson.md), for apps that read a page's alternates.
    ...tourFileLinks(tour.id),
  ].join('\n    ');
}

function tourFileLinks(tourId: string): string[] {
  const base = `/api/tours/${encodeURIComponent(tourId)}/export`;
  return [
    `<link rel="alternate" type="application/gpx+xml" title="GPX" href="${escapeHtml(`${base}.gpx`)}" />`,
    `<link rel="alternate" type="application/geo+json" title="GeoJSON" href="${escapeHtml(`${base}.geojson`)}" />`,
  ];
}
