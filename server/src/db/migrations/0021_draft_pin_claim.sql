ALTER TABLE "story_drafts" ADD COLUMN "pinning_until" timestamp with time zone;
