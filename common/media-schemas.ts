/** The story answers' media URL fields, one per media kind (common/media-kinds.ts), each checked by `schema`. */
import type { z } from 'zod';
import { MEDIA_KINDS } from './enums';
import { MEDIA_KIND_SPECS, type MediaUrlField } from './media-kinds';

export function mediaUrlShape<S extends z.ZodType>(schema: S): Record<MediaUrlField, S> {
  return Object.fromEntries(MEDIA_KINDS.map((kind) => [MEDIA_KIND_SPECS[kind].urlField, schema])) as Record<
    MediaUrlField,
    S
  >;
}
