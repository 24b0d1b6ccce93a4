/**
 * What the location module offers other modules (eslint.config.js lets them import nothing else of it): the time a
 * reader may see, the unlock gate a story read is judged by, and the guard the reads are given. app.ts registers
 * the location plugin directly.
 */
export { createdAtFor } from './created-at';
export type { LocationGuard, UnlockGate } from './location-guard';
export type { UnlockRepository } from './unlock-repository';
export { readerKeyOf } from './plugin';
