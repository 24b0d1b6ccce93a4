CREATE TYPE "public"."tour_insight_kind" AS ENUM('start', 'stop', 'complete');--> statement-breakpoint
CREATE TABLE "tour_insights" (
	"tour_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" "tour_insight_kind" NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "tour_insights_tour_id_day_kind_pk" PRIMARY KEY("tour_id","day","kind")
);
--> statement-breakpoint
ALTER TABLE "tour_insights" ADD CONSTRAINT "tour_insights_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;
