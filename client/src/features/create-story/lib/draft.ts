/**
 * The create dialog's draft and its pure rules (docs/design.md, part 5): validation with the spec's messages, the
 * Preview-button rule, the multipart body of POST /api/stories (section 7) and the preview texts (section 2).
 * Kept free of React so the rules are unit-tested in Node.
 */
import { AUDIO, PREVIEW_CHARS } from '#common/constants';
import { createStoryFieldsSchema, MESSAGES, type StoryType, type TimeRestriction } from '#common/schemas';
import type { Point } from '#common/geo';
import { isTextStory, STORY_TYPE_UPLOAD } from '#common/story-type-specs';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { draftFile, EMPTY_DRAFT_MEDIA, type DraftMediaFields } from './draft-media';
import { parseTikTokUrl } from '#common/tiktok';
import { timeLockLine } from '#client/lib/i18n/lock-words';
import { EMPTY_LOCK_DRAFT, lockFormFields, lockValuesFor, type LockDraftValues } from '#common/lock-kinds';
import { saySentence, translate } from '#client/lib/i18n/i18n';
import { formatNumber } from '#client/lib/i18n/format';

export type { RecordedAudio } from './draft-media';

/** The draft's lock values ('' when not set) are common/lock-kinds.ts's, its media fields draft-media.ts's. */
export interface StoryDraft extends LockDraftValues, DraftMediaFields {
  type: StoryType;
  title: string;
  category: string;
  description: string;
  content: string;
  tiktokUrl: string;
  /** docs/decisions/016-walk-mode-and-tours.md: a private story is its author's only (and no tour's stop). */
  isPublic: boolean;
  /**
   * The story's language tag (docs/decisions/061-stories-carry-their-language.md); '' until the dialog gives it the
   * author's or the browser's (common/story-language.ts `initialStoryLanguage`).
   */
  language: string;
  timeRestriction: TimeRestriction;
}

export const EMPTY_DRAFT: StoryDraft = {
  type: 'audio',
  title: '',
  category: '',
  description: '',
  content: '',
  ...EMPTY_DRAFT_MEDIA,
  tiktokUrl: '',
  isPublic: true,
  language: '',
  timeRestriction: 'none',
  ...EMPTY_LOCK_DRAFT,
};

/** Switching type keeps the shared fields and clears every type-specific input (docs/design.md, part 4). */
export function switchType(draft: StoryDraft, type: StoryType): StoryDraft {
  if (draft.type === type) return draft;
  return { ...draft, type, content: '', ...EMPTY_DRAFT_MEDIA, tiktokUrl: '' };
}

/** Preview Story is disabled while pending or when title, category or location is missing (docs/design.md, part 5). */
export function isPreviewDisabled(draft: StoryDraft, location: Point | null, isPending: boolean): boolean {
  return isPending || !draft.title || !draft.category || !location;
}

/**
 * The text fields of POST /api/stories for this draft, exactly as they are sent (docs/design.md, part 7): time-of-day
 * bounds only when both are set, season and weather only when chosen (docs/design.md, part 5).
 */
function draftFields(draft: StoryDraft, location: Point | null): Record<string, string> {
  const fields: Record<string, string> = {
    title: draft.title.trim(),
    description: draft.description.trim(),
    category: draft.category,
    type: draft.type,
    latitude: location ? String(location.latitude) : '',
    longitude: location ? String(location.longitude) : '',
    isPublic: draft.isPublic ? 'true' : 'false',
    timeRestriction: draft.timeRestriction,
  };
  Object.assign(fields, lockFormFields(draft.timeRestriction, draft));
  if (draft.language) fields.language = draft.language;
  // What a type sends besides its file follows its entry in common/story-types.ts: its text, or its upload's length.
  if (isTextStory(draft.type)) fields.content = draft.content;
  const upload = STORY_TYPE_UPLOAD[draft.type];
  const file = upload && MEDIA_KIND_SPECS[upload].timed ? draftFile(draft, upload) : null;
  if (file && file.duration !== null) fields.duration = String(file.duration);
  if (draft.type === 'tiktok') {
    fields.tiktokUrl = draft.tiktokUrl.trim();
    const videoId = parseTikTokUrl(draft.tiktokUrl)?.videoId;
    if (videoId) fields.tiktokVideoId = videoId;
  }
  return fields;
}

/**
 * The first rule of docs/design.md, part 5 that the draft breaks, as its full message ("Title: description", in the
 * interface's language as the server says it), or null
 * when it may be previewed and published. The text fields go through the very schema the server parses them
 * with (common/schemas.ts `createStoryFieldsSchema`); only the files, which that schema cannot see, are checked here.
 */
export function validateDraft(draft: StoryDraft, location: Point | null): string | null {
  const broken = firstBrokenRule(draft, location);
  return broken && saySentence(broken);
}

/** validateDraft's rule, in English as common/ words it. */
function firstBrokenRule(draft: StoryDraft, location: Point | null): string | null {
  const parsed = createStoryFieldsSchema.safeParse(draftFields(draft, location));
  if (!parsed.success) return parsed.error.issues[0]?.message ?? MESSAGES.missingInformation;
  // The file the type requires (common/story-types.ts), with the server's messages for a missing or empty one.
  const kind = STORY_TYPE_UPLOAD[draft.type];
  if (kind === null) return null;
  const file = draftFile(draft, kind);
  if (file === null) return MEDIA_KIND_SPECS[kind].messages.missing;
  return file.blob.size > 0 ? null : MEDIA_KIND_SPECS[kind].messages.empty;
}

/** The multipart body of POST /api/stories (docs/design.md, part 7). Call only with a draft `validateDraft` accepted. */
export function buildStoryFormData(draft: StoryDraft, location: Point): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(draftFields(draft, location))) form.append(name, value);
  const kind = STORY_TYPE_UPLOAD[draft.type];
  const file = kind && draftFile(draft, kind);
  if (kind && file) form.append(MEDIA_KIND_SPECS[kind].formField, file.blob, file.name);
  return form;
}

/** Duration fallback of docs/design.md, part 9: the timer count, or bytes / 16000 rounded up when the timer is 0. */
export function recordingDuration(timerSeconds: number, bytes: number): number {
  return timerSeconds > 0 ? timerSeconds : Math.ceil(bytes / AUDIO.bytesPerSecondFallback);
}

// ---------- preview texts (docs/design.md, part 2, Story Preview step) ----------

export function truncatePreview(text: string, max: number = PREVIEW_CHARS.create): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** One decimal, no grouping: English reads as toFixed(1) ("2.0"), other languages with their decimal sign. */
const oneDecimal = (value: number) =>
  formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });

export function formatKb(bytes: number): string {
  return translate('create.sizeKb', { size: oneDecimal(bytes / 1024) });
}

export function formatFileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? translate('create.sizeMb', { size: oneDecimal(bytes / (1024 * 1024)) })
    : formatKb(bytes);
}

/** Five decimals in Latin digits whatever the language: a coordinate is read (and copied) as it is. */
export function formatCoordinate(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(5) : translate('create.unknown');
}

/** The "Unlocks" line of the preview card (the shared time-lock sentence), or null when not time-locked. */
export function unlockSummary(draft: StoryDraft): string | null {
  return timeLockLine(translate, {
    timeRestriction: draft.timeRestriction,
    ...lockValuesFor(draft.timeRestriction, draft),
  });
}
