/** The public-text rule (text.ts `hasUnsafeTextCharacters`) as a zod refinement, for every field others see. */
import type { z } from 'zod';
import { hasUnsafeTextCharacters, publicTextMessage, type TextLines } from './text';

export function publicText<Schema extends z.ZodType<string>>(schema: Schema, field: string, lines: TextLines): Schema {
  return schema.refine((text) => !hasUnsafeTextCharacters(text, lines), publicTextMessage(field, lines));
}
