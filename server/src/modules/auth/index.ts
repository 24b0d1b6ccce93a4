/**
 * What the auth module offers other modules (eslint.config.js lets them import nothing else of it). app.ts, the
 * composition root, registers the session plugin and the routes directly.
 */
export { verifyPassword } from './passwords';
export { toCurrentUser } from './service';
export { clearSessionCookie, SESSION_CHANGE_CHANNEL } from './session-plugin';
export { bucketStartsWith } from './throttle';
export { BUCKETS } from './throttle-buckets';
