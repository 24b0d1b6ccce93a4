-- Stories carry their language, users choose theirs (docs/decisions/061-stories-carry-their-language.md): BCP 47
-- tags, canonicalised by the shared schema before they are written. Existing stories take their author's language.
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
UPDATE "stories" SET "language" = "users"."language" FROM "users" WHERE "users"."id" = "stories"."author_id" AND "stories"."language" <> "users"."language";
