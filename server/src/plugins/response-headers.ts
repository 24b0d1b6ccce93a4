/**
 * Headers every answer carries (docs/security.md, "Threat model"):
 * - `Permissions-Policy`: the app itself may use the camera, the microphone and geolocation (AR, recording, the
 *   lock distance), and keep the screen awake (walk mode); no embedded frame may. Powerful features the app never
 *   uses are switched off — only features browsers know, so no navigation logs "Unrecognized feature" (docs/decisions/014-phone-round-2.md:
 *   Chromium knows no `bluetooth` directive). The motion sensors keep their default (this origin only): the AR
 *   view reads the device heading.
 * - `Cache-Control: private, no-store` on personalised answers: everything under /api/user/ and
 *   /api/notifications, and any /api answer to a signed-in caller that sets no policy of its own, so no shared
 *   cache (and no later user of the same browser cache) keeps what one person saw.
 */
import fp from 'fastify-plugin';

export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'geolocation=(self)',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'screen-wake-lock=(self)',
  'browsing-topics=()',
].join(', ');

export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/** Paths whose every answer is about the caller (the account, their notifications, signing out). */
const PERSONAL_PATHS = /^\/api\/(user\/|notifications(\/|\?|$)|logout(\?|$))/;

export const responseHeadersPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (!request.url.startsWith('/api/')) return;
      if (PERSONAL_PATHS.test(request.url) || (request.user && !reply.hasHeader('cache-control'))) {
        reply.header('cache-control', PERSONAL_CACHE_CONTROL);
      }
    });
  },
  { name: 'response-headers', dependencies: ['session'] },
);
