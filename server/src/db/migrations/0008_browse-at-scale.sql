-- Browse answers come from indexes, at a cost that does not grow with the number of starters
-- (docs/decisions/023-browse-at-scale.md). PGlite loads cube and earthdistance when it opens.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
-- Every listing leaves out the starters of members who may not act (access/members.ts); the
-- few such members come from this small index instead of a scan of all members per query.
CREATE INDEX IF NOT EXISTS users_may_not_act_idx ON users (id)
  WHERE banned_at IS NOT NULL OR suspended_until IS NOT NULL OR NOT is_active;
--> statement-breakpoint
-- "Closest": nearest first by walking this index (KNN), never a distance for every row.
CREATE INDEX IF NOT EXISTS starters_listed_earth_idx ON starters
  USING gist (ll_to_earth(latitude, longitude))
  WHERE is_active AND removed_at IS NULL AND deleted_at IS NULL
    AND latitude IS NOT NULL AND longitude IS NOT NULL;
--> statement-breakpoint
-- Starters at one place (they tie on distance), newest first.
CREATE INDEX IF NOT EXISTS starters_listed_place_created_idx ON starters (latitude, longitude, created_at, id)
  WHERE is_active AND removed_at IS NULL AND deleted_at IS NULL
    AND latitude IS NOT NULL AND longitude IS NOT NULL;
--> statement-breakpoint
-- Newest / oldest over listed starters, whole list or one category, read in order and stopped
-- after a page.
CREATE INDEX IF NOT EXISTS starters_listed_created_idx ON starters (created_at, id)
  WHERE is_active AND removed_at IS NULL AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS starters_listed_category_created_idx ON starters (category, created_at, id)
  WHERE is_active AND removed_at IS NULL AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS starters_listed_subcategory_created_idx ON starters (subcategory, created_at, id)
  WHERE is_active AND removed_at IS NULL AND deleted_at IS NULL;
--> statement-breakpoint
-- Cached answers are kept per category: a change says which categories it touches, so a new
-- dairy starter leaves the beverage answers cached (payload '*' empties everything).
CREATE OR REPLACE FUNCTION notify_starter_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update that changes nothing tells nobody.
  IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('listing_changed', OLD.category);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('listing_changed', NEW.category);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS starters_listing_changed ON starters;
--> statement-breakpoint
-- Identical notifications in one transaction arrive once, so a bulk change sends a few.
CREATE TRIGGER starters_listing_changed AFTER INSERT OR UPDATE OR DELETE ON starters
  FOR EACH ROW EXECUTE FUNCTION notify_starter_listing_changed();
