-- Notifications keep the words they were made from, so each reader hears them in their language
-- (docs/decisions/063-notifications-in-the-readers-language.md). Older rows have none and are said as stored.
ALTER TABLE "notifications" ADD COLUMN "words" jsonb;
