CREATE TABLE "notification_marks" (
	"user_id" uuid NOT NULL,
	"story_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"announced_at" timestamp with time zone,
	CONSTRAINT "notification_marks_user_id_kind_story_id_pk" PRIMARY KEY("user_id","kind","story_id")
);
--> statement-breakpoint
CREATE TABLE "notification_state" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_nearby_group_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "notifications_once_per_story_idx";--> statement-breakpoint
ALTER TABLE "notification_marks" ADD CONSTRAINT "notification_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_marks" ADD CONSTRAINT "notification_marks_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_state" ADD CONSTRAINT "notification_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_marks_story_idx" ON "notification_marks" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_id_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE NOT "notifications"."is_read";