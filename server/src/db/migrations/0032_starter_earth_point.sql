ALTER TABLE "starters" ADD COLUMN "earth_point" earth GENERATED ALWAYS AS (ll_to_earth(latitude, longitude)) STORED;--> statement-breakpoint
-- "Closest" walks this index nearest first; "within" reads its box (decision 104).
CREATE INDEX IF NOT EXISTS starters_visible_earth_point_idx ON starters USING gist (earth_point)
  WHERE visible AND latitude IS NOT NULL AND longitude IS NOT NULL;
--> statement-breakpoint
-- The expression indexes of 0008 and 0027: nothing asks for the expression any more.
DROP INDEX IF EXISTS starters_visible_earth_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS starters_listed_earth_idx;
