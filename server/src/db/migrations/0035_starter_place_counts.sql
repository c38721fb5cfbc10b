CREATE TABLE "starter_place_counts" (
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"category" text NOT NULL,
	"subcategory" text NOT NULL,
	"starters" integer NOT NULL,
	CONSTRAINT "starter_place_counts_latitude_longitude_category_subcategory_pk" PRIMARY KEY("latitude","longitude","category","subcategory")
);
--> statement-breakpoint
-- Visible starters per place, category and type (decision 112), kept in the writer's
-- transaction: every insert, deletion and change of visibility, place, category or type moves
-- one starter between rows. `visible` is often set by the BEFORE trigger of 0027, which a
-- column list would not see, hence the WHEN on the final rows.
CREATE OR REPLACE FUNCTION starters_count_places() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.visible AND OLD.latitude IS NOT NULL AND OLD.longitude IS NOT NULL THEN
      UPDATE starter_place_counts SET starters = starters - 1
      WHERE latitude = OLD.latitude AND longitude = OLD.longitude
        AND category = OLD.category AND subcategory = OLD.subcategory;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.visible AND NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL THEN
      INSERT INTO starter_place_counts AS c (latitude, longitude, category, subcategory, starters)
      VALUES (NEW.latitude, NEW.longitude, NEW.category, NEW.subcategory, 1)
      ON CONFLICT (latitude, longitude, category, subcategory)
        DO UPDATE SET starters = c.starters + 1;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER starters_place_counts_insert_delete AFTER INSERT OR DELETE ON starters
  FOR EACH ROW EXECUTE FUNCTION starters_count_places();
--> statement-breakpoint
CREATE TRIGGER starters_place_counts_update AFTER UPDATE ON starters
  FOR EACH ROW
  WHEN (
    OLD.visible IS DISTINCT FROM NEW.visible
    OR OLD.latitude IS DISTINCT FROM NEW.latitude
    OR OLD.longitude IS DISTINCT FROM NEW.longitude
    OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.subcategory IS DISTINCT FROM NEW.subcategory
  )
  EXECUTE FUNCTION starters_count_places();
--> statement-breakpoint
INSERT INTO starter_place_counts (latitude, longitude, category, subcategory, starters)
SELECT latitude, longitude, category, subcategory, count(*)::int
FROM starters
WHERE visible AND latitude IS NOT NULL AND longitude IS NOT NULL
GROUP BY latitude, longitude, category, subcategory;
