/**
 * The one database schema (Drizzle, pg dialect), in ./tables by subject. drizzle-kit reads this file; the SQL
 * migrations in ./migrations are hand-checked (the PostGIS extension comes from a hand-written migration that
 * runs first).
 */
export * from './tables/core';
export * from './tables/moderation';
export * from './tables/tours';
export * from './tables/insights';
export * from './tables/push';
export * from './tables/traces';
export * from './tables/transcripts';
export * from './tables/drafts';
