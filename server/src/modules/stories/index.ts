/**
 * What the stories module offers other modules (eslint.config.js lets them import nothing else of it). app.ts
 * registers the routes and the story index plugin directly.
 */
export { LOCATION_RATE_LIMIT } from './read-routes';
export { timeZoneAt } from './time-zone';
