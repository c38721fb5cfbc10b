ALTER TABLE "alerts" ADD COLUMN "ask_id" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_ask_id_asks_id_fk" FOREIGN KEY ("ask_id") REFERENCES "public"."asks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_ask_unique" UNIQUE("ask_id");--> statement-breakpoint
-- Every open ask gets its own alert (decision 141); words as alert-words.ts splits them, less
-- the accents, which only the server's next save of the ask would take off.
INSERT INTO "alerts" ("user_id", "search", "search_tokens", "category", "subcategory", "place", "latitude", "longitude", "radius_km", "frequency", "ask_id", "created_at", "updated_at")
SELECT a."user_id", left(a."search", 100),
  COALESCE((SELECT array_agg(DISTINCT CASE WHEN length(w) > 3 AND w LIKE '%s' AND w NOT LIKE '%ss' THEN left(w, -1) ELSE w END)
    FROM regexp_split_to_table(lower(a."search"), '[^[:alnum:]]+') AS w WHERE w <> ''), '{}'::text[]),
  a."category", a."subcategory", a."location", a."latitude", a."longitude", a."radius_km", 'immediate', a."id", now(), now()
FROM "asks" a
WHERE a."closed_at" IS NULL AND a."expires_at" > now();
