ALTER TABLE "alerts" ADD COLUMN "earth_point" earth GENERATED ALWAYS AS (ll_to_earth(latitude, longitude)) STORED;--> statement-breakpoint
CREATE INDEX "alerts_earth_point_idx" ON "alerts" USING gist ("earth_point");--> statement-breakpoint
-- 0025's index on the expression: the column's index above replaces it (decision 104).
DROP INDEX IF EXISTS alerts_earth_idx;
