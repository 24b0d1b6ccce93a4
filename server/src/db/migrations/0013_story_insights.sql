CREATE TYPE "public"."insight_kind" AS ENUM('open', 'share', 'play', 'q25', 'q50', 'q75', 'q100', 'read');--> statement-breakpoint
CREATE TABLE "story_insights" (
	"story_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" "insight_kind" NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "story_insights_story_id_day_kind_pk" PRIMARY KEY("story_id","day","kind")
);
--> statement-breakpoint
ALTER TABLE "story_insights" ADD CONSTRAINT "story_insights_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;