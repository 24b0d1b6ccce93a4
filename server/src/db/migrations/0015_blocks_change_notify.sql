-- Blocks: the story index keeps each recent reader's blocked authors (left out of their reads) and forgets a
-- reader's set when it changes, as it does for likes (0008). Cascades (an account deleted) fire these too.
CREATE OR REPLACE FUNCTION notify_blocks_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_count int;
  changed_users text;
BEGIN
  SELECT count(*), string_agg(blocker_id::text, ',') INTO changed_count, changed_users
  FROM (SELECT DISTINCT blocker_id FROM changed LIMIT 101) c;
  IF changed_count > 100 THEN
    PERFORM pg_notify('story_change', 'blocks:*');
  ELSIF changed_count > 0 THEN
    PERFORM pg_notify('story_change', 'blocks:' || changed_users);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER blocks_inserted_notify AFTER INSERT ON blocks REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_blocks_change();
--> statement-breakpoint
CREATE TRIGGER blocks_deleted_notify AFTER DELETE ON blocks REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_blocks_change();
