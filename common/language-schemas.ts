/** The language field of stories and users (common/story-language.ts), with its one message. */
import { z } from 'zod';
import { canonicalLanguage, LANGUAGE_MESSAGE, LANGUAGE_TAG_MAX } from './story-language';

/** A BCP 47 language tag, canonicalised ("EN-us" → "en-US"); anything else is refused with LANGUAGE_MESSAGE. */
export const languageSchema = z
  .string({ error: LANGUAGE_MESSAGE })
  // A bound before the check: what is far too long is refused without being looked at.
  .max(LANGUAGE_TAG_MAX * 2, LANGUAGE_MESSAGE)
  .transform((tag, ctx) => {
    const canonical = canonicalLanguage(tag);
    if (canonical === null) {
      ctx.addIssue({ code: 'custom', message: LANGUAGE_MESSAGE });
      return z.NEVER;
    }
    return canonical;
  })
  .describe('A BCP 47 language tag, e.g. "es" or "pt-BR" (stored canonicalised)');
