ALTER TYPE "public"."notification_type" ADD VALUE 'trace_left' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'trace_hidden' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'follow_digest' BEFORE 'other';--> statement-breakpoint
CREATE TABLE "traces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"writer_id" uuid NOT NULL,
	"text" text NOT NULL,
	"photo_key" text,
	"day" date DEFAULT ((now() AT TIME ZONE 'utc')::date) NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "traces" ADD CONSTRAINT "traces_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traces" ADD CONSTRAINT "traces_writer_id_users_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "traces_story_writer_day_idx" ON "traces" USING btree ("story_id","writer_id","day");--> statement-breakpoint
CREATE INDEX "traces_story_created_idx" ON "traces" USING btree ("story_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "traces_writer_created_idx" ON "traces" USING btree ("writer_id","created_at" DESC);--> statement-breakpoint
CREATE TABLE "trace_reports" (
	"trace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trace_reports_trace_id_user_id_pk" PRIMARY KEY("trace_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "trace_reports" ADD CONSTRAINT "trace_reports_trace_id_traces_id_fk" FOREIGN KEY ("trace_id") REFERENCES "public"."traces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_reports" ADD CONSTRAINT "trace_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trace_reports_open_idx" ON "trace_reports" USING btree ("created_at") WHERE "trace_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE TABLE "trace_appeals" (
	"trace_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trace_appeals" ADD CONSTRAINT "trace_appeals_trace_id_traces_id_fk" FOREIGN KEY ("trace_id") REFERENCES "public"."traces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_appeals" ADD CONSTRAINT "trace_appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_author_id_pk" PRIMARY KEY("follower_id","author_id")
);
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_author_idx" ON "follows" USING btree ("author_id");--> statement-breakpoint
CREATE TABLE "digest_runs" (
	"period_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION end_follows_on_block() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM follows
  WHERE (follower_id = NEW.blocker_id AND author_id = NEW.blocked_id)
     OR (follower_id = NEW.blocked_id AND author_id = NEW.blocker_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER blocks_end_follows AFTER INSERT ON "blocks" FOR EACH ROW EXECUTE FUNCTION end_follows_on_block();
