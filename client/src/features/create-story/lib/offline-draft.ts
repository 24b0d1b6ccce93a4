/**
 * Publishing without a network (docs/decisions/015-installable-offline-push.md): the story is kept as a draft on this device and published
 * later, by the author, through the same dialog and the same server rules (a fresh position, the pin within
 * 200 m of it). Pure rules here; the storage is lib/pwa/offline-drafts.ts.
 */
import { LOCATION_CLAIM } from '#common/constants';
import { haversineMetres } from '#common/geo';
import type { Point } from '#common/geo';
import type { StoryDraft } from './draft';
import { STORY_TYPE_UPLOAD } from '#common/story-type-specs';
import { draftFile } from './draft-media';
import { translate } from '#client/lib/i18n/i18n';
import { formatDate } from '#client/lib/i18n/format';

/**
 * The most media a draft keeps on the device: every recording and picture the server accepts (audio 20 MB,
 * image 15 MB by default), short videos; a longer video waits in the open dialog instead.
 */
export const OFFLINE_DRAFT_MAX_BYTES = 50 * 1024 * 1024;

/** What is kept: the dialog's draft (Blobs and Files as they are) and where the author placed the pin. */
export interface OfflineDraft {
  draft: StoryDraft;
  pin: Point;
}

/** Bytes of the media the draft's type sends (a switched-away type's file is never kept: switchType clears it). */
export function draftMediaBytes(draft: StoryDraft): number {
  const kind = STORY_TYPE_UPLOAD[draft.type];
  return (kind && draftFile(draft, kind)?.blob.size) || 0;
}

/**
 * Where a resumed draft goes: its pin when the author's fresh position is within the 200 m a pin may move;
 * otherwise null (the dialog says how far away they are, and the story would go where they now stand).
 */
export function resumedPin(pin: Point, fix: Point): Point | null {
  return haversineMetres(pin, fix) <= LOCATION_CLAIM.pinMoveM - 1 ? pin : null;
}

export function farFromDraftText(pin: Point, fix: Point): string {
  const metres = Math.round(haversineMetres(pin, fix));
  return translate('create.farFromDraft', { metres, limit: LOCATION_CLAIM.pinMoveM });
}

/** "A draft is waiting: “Title”, saved at 14:02." */
export function waitingDraftText(title: string, savedAt: number): string {
  const time = formatDate(savedAt, { hour: '2-digit', minute: '2-digit', hour12: false });
  return translate('create.draftWaiting', { title, time });
}
