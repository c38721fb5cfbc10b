ALTER TABLE "starters" ADD COLUMN "visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Whether a listing may be shown publicly, kept in the row (decision 085): the access policy's
-- `isPublic` apart from a suspension, which ends by time and stays in the browse query
-- (access/starter-visibility.ts). The same facts as `listed()`, `notHeldForReview()` and the
-- owner's standing in access/; a test holds the two forms to the policy's table.
CREATE OR REPLACE FUNCTION starter_visible(
  is_active boolean, removed_at timestamptz, deleted_at timestamptz, held_at timestamptz,
  held_for_review_at timestamptz, is_claimed boolean, available_until timestamptz, owner_id text
) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT $1 AND $2 IS NULL AND $3 IS NULL AND $4 IS NULL AND $5 IS NULL
    -- The database's clock never runs ahead of the server's (that one only moves forward), so
    -- this hides nothing the policy shows; what expires later the starter-visibility job hides.
    AND ($6 OR $7 > now())
    AND EXISTS (
      SELECT 1 FROM users u WHERE u.id = $8
        AND u.is_active AND u.banned_at IS NULL AND u.deleted_at IS NULL
    )
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION starters_set_visible() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.visible := starter_visible(NEW.is_active, NEW.removed_at, NEW.deleted_at, NEW.held_at,
    NEW.held_for_review_at, NEW.is_claimed, NEW.available_until, NEW.user_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Every write of a fact the answer depends on recomputes it, in the writer's transaction.
CREATE TRIGGER starters_visible BEFORE INSERT OR UPDATE OF is_active, removed_at, deleted_at,
  held_at, held_for_review_at, is_claimed, available_until, user_id ON starters
  FOR EACH ROW EXECUTE FUNCTION starters_set_visible();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_set_starters_visible() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE starters s SET visible = v.now_visible
  FROM (
    SELECT id, starter_visible(is_active, removed_at, deleted_at, held_at, held_for_review_at,
      is_claimed, available_until, user_id) AS now_visible
    FROM starters WHERE user_id = NEW.id
  ) v
  WHERE s.id = v.id AND s.visible IS DISTINCT FROM v.now_visible;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A ban, a deactivation or a member leaving (and each undone) updates their listings at once.
CREATE TRIGGER users_starters_visible AFTER UPDATE OF is_active, banned_at, deleted_at ON users
  FOR EACH ROW
  WHEN (
    OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.banned_at IS DISTINCT FROM NEW.banned_at
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
  )
  EXECUTE FUNCTION users_set_starters_visible();
--> statement-breakpoint
UPDATE starters SET visible = starter_visible(is_active, removed_at, deleted_at, held_at,
  held_for_review_at, is_claimed, available_until, user_id);
--> statement-breakpoint
-- One partial index per browse order: a page of visible starters is read as about a page of
-- index entries, however many starters there are. Available before claimed in every order.
CREATE INDEX IF NOT EXISTS starters_visible_created_idx ON starters (is_claimed, created_at, id)
  WHERE visible;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS starters_visible_category_created_idx
  ON starters (category, is_claimed, created_at, id) WHERE visible;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS starters_visible_subcategory_created_idx
  ON starters (subcategory, is_claimed, created_at, id) WHERE visible;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS starters_visible_earth_idx ON starters
  USING gist (ll_to_earth(latitude, longitude))
  WHERE visible AND latitude IS NOT NULL AND longitude IS NOT NULL;
--> statement-breakpoint
-- What the starter-visibility job reads: visible listings whose date may have passed.
CREATE INDEX IF NOT EXISTS starters_visible_until_idx ON starters (available_until)
  WHERE visible AND NOT is_claimed;
