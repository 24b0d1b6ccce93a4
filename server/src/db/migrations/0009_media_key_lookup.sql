CREATE INDEX "stories_audio_key_idx" ON "stories" USING btree ("audio_key") WHERE "stories"."audio_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stories_image_key_idx" ON "stories" USING btree ("image_key") WHERE "stories"."image_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stories_thumbnail_key_idx" ON "stories" USING btree ("thumbnail_key") WHERE "stories"."thumbnail_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stories_video_key_idx" ON "stories" USING btree ("video_key") WHERE "stories"."video_key" IS NOT NULL;