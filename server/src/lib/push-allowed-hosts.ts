/**
 * The PUSH_ALLOWED_HOSTS setting (docs/security.md, "Push endpoints"): the push services a subscription may name,
 * as exact host names or `*.suffix`. Setting it replaces the default — the browsers' own push services: Google's
 * FCM (Chrome, Edge on Android), Mozilla's, Apple's and Microsoft's — so keep those when widening it.
 */
import { z } from 'zod';

const DEFAULT_PUSH_ALLOWED_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

export const pushAllowedHostsSetting = z
  .string()
  .optional()
  .transform((value, context) => {
    const entries =
      value === undefined || value === ''
        ? [...DEFAULT_PUSH_ALLOWED_HOSTS]
        : value
            .split(',')
            .map((p) => p.trim().toLowerCase())
            .filter(Boolean);
    for (const entry of entries) {
      if (!/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(entry) || /^[\d.]+$/.test(entry)) {
        context.addIssue({
          code: 'custom',
          message: `PUSH_ALLOWED_HOSTS: "${entry}" is not a host name or *.suffix such as *.push.apple.com`,
        });
      }
    }
    return entries;
  });
