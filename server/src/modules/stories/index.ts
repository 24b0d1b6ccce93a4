/**
 * What the stories module offers other modules (eslint.config.js lets them import nothing else of it). app.ts
 * registers the routes and the story index plugin directly.
 */
export { LOCATION_RATE_LIMIT } from './read-routes';
export { timeZoneAt } from './time-zone';
// Drafts (docs/decisions/060-story-drafts-and-routes-in.md) read the creation form and answer the story it made.
export { readStoryForm } from './story-form';
export { toStoryView, type StoryRow } from './story-view';
