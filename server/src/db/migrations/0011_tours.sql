CREATE TABLE "tour_stops" (
	"tour_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"story_id" uuid NOT NULL,
	CONSTRAINT "tour_stops_tour_id_position_pk" PRIMARY KEY("tour_id","position")
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tour_stops" ADD CONSTRAINT "tour_stops_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD CONSTRAINT "tour_stops_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tour_stops_tour_story_idx" ON "tour_stops" USING btree ("tour_id","story_id");--> statement-breakpoint
CREATE INDEX "tour_stops_story_idx" ON "tour_stops" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "tours_author_created_idx" ON "tours" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tours_created_idx" ON "tours" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);