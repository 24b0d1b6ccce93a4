CREATE SEQUENCE "public"."story_revision_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "revision" bigint DEFAULT nextval('story_revision_seq') NOT NULL;--> statement-breakpoint
-- Owned by the column, so tools that carry rows over (db:move, restore) find it and continue above the copied revisions.
ALTER SEQUENCE "public"."story_revision_seq" OWNED BY "stories"."revision";--> statement-breakpoint
-- The in-memory story index of every app instance (modules/stories/story-index/) follows these: a new revision on
-- every update, and one NOTIFY per statement naming the stories it inserted, updated or deleted — whatever code
-- path wrote them (creation, edits, likes, reports, privacy, deletions and their cascades, SQL by hand). A
-- statement touching more than 100 stories (a bulk load) says '*' instead: every instance then compares its
-- revision sums with the table's and reloads what differs. Likes (below) say whose likes changed.
CREATE OR REPLACE FUNCTION story_next_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := nextval('story_revision_seq');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER stories_next_revision BEFORE UPDATE ON stories FOR EACH ROW EXECUTE FUNCTION story_next_revision();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_story_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_count int;
  changed_ids text;
BEGIN
  SELECT count(*), string_agg(id::text, ',') INTO changed_count, changed_ids FROM (SELECT id FROM changed LIMIT 101) c;
  IF changed_count > 100 THEN
    PERFORM pg_notify('story_change', '*');
  ELSIF changed_count > 0 THEN
    PERFORM pg_notify('story_change', changed_ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stories_inserted_notify AFTER INSERT ON stories REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_story_change();
--> statement-breakpoint
CREATE TRIGGER stories_updated_notify AFTER UPDATE ON stories REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_story_change();
--> statement-breakpoint
CREATE TRIGGER stories_deleted_notify AFTER DELETE ON stories REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_story_change();
--> statement-breakpoint
-- Likes: the index keeps each recent reader's liked stories (likedByMe) and forgets a reader's set when it changes.
CREATE OR REPLACE FUNCTION notify_likes_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_count int;
  changed_users text;
BEGIN
  SELECT count(*), string_agg(user_id::text, ',') INTO changed_count, changed_users
  FROM (SELECT DISTINCT user_id FROM changed LIMIT 101) c;
  IF changed_count > 100 THEN
    PERFORM pg_notify('story_change', 'likes:*');
  ELSIF changed_count > 0 THEN
    PERFORM pg_notify('story_change', 'likes:' || changed_users);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER likes_inserted_notify AFTER INSERT ON likes REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_likes_change();
--> statement-breakpoint
CREATE TRIGGER likes_deleted_notify AFTER DELETE ON likes REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_likes_change();
