ALTER TABLE "stories" ADD COLUMN "trace_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "stories" s SET "trace_count" = c.n
FROM (SELECT story_id, count(*)::int AS n FROM traces WHERE hidden_at IS NULL GROUP BY story_id) c
WHERE c.story_id = s.id;--> statement-breakpoint
-- A story's shown traces (not hidden), kept in the same transaction as every write that changes it: a trace
-- inserted, deleted (by its writer, with its account or its story) or hidden/restored. The UPDATE takes the
-- story row's lock, so concurrent writers add up exactly; it also gives the story a new revision, and the story
-- change feed carries the count to every instance's card index (docs/decisions/050-trace-counts-on-cards.md).
CREATE OR REPLACE FUNCTION stories_count_traces() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta int := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.hidden_at IS NULL THEN delta := 1; END IF;
    IF delta <> 0 THEN UPDATE stories SET trace_count = trace_count + delta WHERE id = NEW.story_id; END IF;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.hidden_at IS NULL THEN delta := -1; END IF;
    IF delta <> 0 THEN UPDATE stories SET trace_count = trace_count + delta WHERE id = OLD.story_id; END IF;
    RETURN NULL;
  END IF;
  -- UPDATE: only hiding or restoring changes the count (a trace never moves to another story).
  IF (OLD.hidden_at IS NULL) AND (NEW.hidden_at IS NOT NULL) THEN delta := -1;
  ELSIF (OLD.hidden_at IS NOT NULL) AND (NEW.hidden_at IS NULL) THEN delta := 1;
  END IF;
  IF delta <> 0 THEN UPDATE stories SET trace_count = trace_count + delta WHERE id = NEW.story_id; END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER traces_count_inserted AFTER INSERT ON "traces" FOR EACH ROW EXECUTE FUNCTION stories_count_traces();--> statement-breakpoint
CREATE TRIGGER traces_count_deleted AFTER DELETE ON "traces" FOR EACH ROW EXECUTE FUNCTION stories_count_traces();--> statement-breakpoint
CREATE TRIGGER traces_count_hidden AFTER UPDATE OF "hidden_at" ON "traces" FOR EACH ROW EXECUTE FUNCTION stories_count_traces();
