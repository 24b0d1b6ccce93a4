/**
 * Each story type described once (story-type-specs.ts), with the spec's messages for a missing or empty upload
 * (each media kind's, common/media-kinds.ts).
 */
import { MEDIA_KINDS, type MediaKind } from './enums';
import { MEDIA_KIND_SPECS } from './media-kinds';

export * from './story-type-specs';

/** The spec's message for a required upload that is missing, and for one that arrived empty. */
export const UPLOAD_MESSAGES = Object.fromEntries(
  MEDIA_KINDS.map((kind) => [
    kind,
    { missing: MEDIA_KIND_SPECS[kind].messages.missing, empty: MEDIA_KIND_SPECS[kind].messages.empty },
  ]),
) as Record<MediaKind, { missing: string; empty: string }>;
