ALTER TYPE "public"."insight_kind" ADD VALUE 'transcript';--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "transcript_key" text;--> statement-breakpoint
CREATE INDEX "stories_transcript_key_idx" ON "stories" USING btree ("transcript_key") WHERE "stories"."transcript_key" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "story_transcripts" (
	"story_id" uuid PRIMARY KEY NOT NULL,
	"timed" boolean,
	"cues" jsonb,
	"draft_timed" boolean,
	"draft_cues" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "story_transcripts" ADD CONSTRAINT "story_transcripts_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;
