import { Clock, MapPin, User } from 'lucide-react';
import { categoryColor, categoryEmoji } from '#common/categories';
import type { Point } from '#common/geo';
import { parseTikTokUrl } from '#common/tiktok';
import { useObjectUrl } from '../hooks/use-object-url';
import { formatCoordinate, truncatePreview, unlockSummary, type StoryDraft } from '../lib/draft';
import { formatWordCount, storyTypeIcon } from '#client/lib/stories/story-display';
import { countWords } from '#common/text';
import { storyTypeTab } from '../lib/story-types';
import { MEDIA_DRAFT_VIEWS } from './media-drafts';
import { PreviewDetail as Detail } from './preview-detail';
import { STORY_TYPE_UPLOAD } from '#common/story-type-specs';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { draftFile } from '../lib/draft-media';
import type { MediaKind, StoryType } from '#common/enums';
import { unreachable } from '#common/exhaustive';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { translate } from '#client/lib/i18n/i18n';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';

/** What the card says under the title: a media kind's (media-drafts.tsx), the word count, or "TikTok video". */
function cardMeta(draft: StoryDraft): string {
  const kind = STORY_TYPE_UPLOAD[draft.type];
  if (kind) return MEDIA_DRAFT_VIEWS[kind].cardMeta(draft);
  const type = draft.type as Exclude<StoryType, MediaKind>;
  switch (type) {
    case 'tiktok':
      return translate('create.tiktokVideo');
    case 'text':
      return formatWordCount(countWords(draft.content));
    default:
      return unreachable(type);
  }
}

/** The type-specific block of the preview step (docs/design.md, part 2). */
function ContentPreview({ draft }: { draft: StoryDraft }) {
  const t = useT();
  const kind = STORY_TYPE_UPLOAD[draft.type];
  // A still picture is shown; timed media is described (its length, its size).
  const stillUrl = useObjectUrl(kind && !MEDIA_KIND_SPECS[kind].timed ? (draftFile(draft, kind)?.blob ?? null) : null);
  if (kind) return MEDIA_DRAFT_VIEWS[kind].preview(draft, stillUrl);
  const type = draft.type as Exclude<StoryType, MediaKind>;
  switch (type) {
    case 'text':
      return (
        <p lang={draft.language || undefined} className="whitespace-pre-wrap wrap-anywhere text-sm text-mist-100">
          {truncatePreview(draft.content)}
        </p>
      );
    case 'tiktok':
      return (
        <dl className="grid gap-1 text-sm">
          <Detail label={t('create.url')} value={draft.tiktokUrl.trim()} wrap />
          <Detail label={t('create.videoId')} value={parseTikTokUrl(draft.tiktokUrl)?.videoId ?? t('create.unknown')} />
        </dl>
      );
    default:
      return unreachable(type);
  }
}

/** The Story Preview step: the card as readers will see it, the location details and the content. */
export function StoryPreview({ draft, location }: { draft: StoryDraft; location: Point | null }) {
  const t = useT();
  const color = categoryColor(draft.category);
  const typeLabel = t(storyTypeTab(draft.type).label);
  const unlocks = unlockSummary(draft);
  const title = draft.title.trim() || t('create.untitled');
  const description = draft.description.trim() || t('create.noDescription');
  // The real author (no placeholder shown as fact); the distance of a story not yet placed is not shown.
  const { data: user } = useCurrentUser();
  const author = user ? user.displayName || user.username : null;

  return (
    <div className="grid gap-4">
      <article
        aria-label={t('create.previewOf', { title })}
        className="grid gap-3 rounded-xl border border-night-600 border-s-4 bg-night-800/70 p-4"
        style={{ borderInlineStartColor: color }}
      >
        <div className="flex items-start gap-3">
          {/* The same type icon as the story's map marker, on its category colour. */}
          <span
            className="grid h-10 w-10 shrink-0 place-items-center rounded-full text-xl"
            style={{ backgroundColor: color }}
            role="img"
            aria-label={typeLabel}
          >
            {storyTypeIcon(draft.type)}
          </span>
          <div className="min-w-0 flex-1">
            <h3
              lang={draft.title.trim() ? draft.language || undefined : undefined}
              className="wrap-anywhere font-display text-lg font-semibold text-mist-100"
            >
              {title}
            </h3>
            {author && (
              <p className="flex items-center gap-1 text-xs text-mist-400">
                <User className="h-3 w-3" aria-hidden /> <span className="min-w-0 wrap-anywhere">{author}</span>
              </p>
            )}
          </div>
        </div>
        <p
          lang={draft.description.trim() ? draft.language || undefined : undefined}
          className="wrap-anywhere text-sm text-mist-300"
        >
          {description}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="text-mist-300">{cardMeta(draft)}</span>
          {/* A tint of the category colour behind light text keeps contrast for every colour. */}
          <span
            className="rounded-full border px-2 py-0.5 font-medium text-mist-100"
            style={{ borderColor: color, backgroundColor: `${color}33` }}
          >
            {draft.category
              ? `${categoryEmoji(draft.category)} ${categoryName(t, draft.category)}`
              : t('create.uncategorized')}
          </span>
        </div>
        {unlocks && (
          <p className="flex items-center gap-1.5 text-xs text-ember-400">
            <Clock className="h-3.5 w-3.5" aria-hidden /> {unlocks}
          </p>
        )}
      </article>

      <section aria-labelledby="preview-location-heading" className="grid gap-2 rounded-xl bg-night-800/40 p-3">
        <h4 id="preview-location-heading" className="flex items-center gap-2 text-sm font-medium text-mist-100">
          <MapPin className="h-4 w-4 text-glow-300" aria-hidden /> {t('create.locationDetails')}
        </h4>
        <dl className="grid gap-1 text-sm">
          <Detail label={t('create.latitude')} value={formatCoordinate(location?.latitude)} />
          <Detail label={t('create.longitude')} value={formatCoordinate(location?.longitude)} />
        </dl>
        <p className="text-xs text-mist-400">{t('create.discoverable')}</p>
      </section>

      <section aria-labelledby="preview-content-heading" className="grid gap-2 rounded-xl bg-night-800/40 p-3">
        <h4 id="preview-content-heading" className="text-sm font-medium text-mist-100">
          {t('create.typePreview', { type: typeLabel })}
        </h4>
        <ContentPreview draft={draft} />
      </section>
    </div>
  );
}
