/**
 * The EMBED_ORIGINS setting (docs/decisions/055-qr-posters-and-embeds.md): the sites, besides Whispers itself, that may
 * show the embeddable cards (`/embed/stories/:id`, `/embed/tours/:id`) in an `<iframe>`, as CSP `frame-ancestors`
 * sources. Unset or empty: none (the cards frame on Whispers' own pages only). `*` allows any site. Each other entry
 * is an origin — `https://blog.example`, `https://*.example.org`, with a port if any — and nothing else, so no
 * value can add a directive of its own to the header.
 */
import { z } from 'zod';

const ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;

export const embedOriginsSetting = z
  .string()
  .optional()
  .transform((value, context) => {
    const entries = (value ?? '')
      .split(/[\s,]+/)
      .map((entry) => entry.trim().toLowerCase().replace(/\/+$/, ''))
      .filter(Boolean);
    for (const entry of entries) {
      if (entry !== '*' && !ORIGIN.test(entry)) {
        context.addIssue({
          code: 'custom',
          message: `EMBED_ORIGINS: "${entry}" is not an origin such as https://blog.example (or * for any site)`,
        });
      }
    }
    return [...new Set(entries)];
  });
