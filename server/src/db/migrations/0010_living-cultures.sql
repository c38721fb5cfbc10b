ALTER TABLE "starters" ADD COLUMN "form" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "last_fed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "care_notes" text;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "origin_story" text;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "born_year" integer;--> statement-breakpoint
ALTER TABLE "starters" ADD CONSTRAINT "starters_parent_id_starters_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."starters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "starters_parent_idx" ON "starters" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "starters" ADD CONSTRAINT "starters_form_check" CHECK (form IN ('active', 'dried', 'frozen', 'spores'));--> statement-breakpoint
ALTER TABLE "starters" ADD CONSTRAINT "starters_last_fed_only_active" CHECK ("starters"."last_fed_at" IS NULL OR "starters"."form" = 'active');--> statement-breakpoint
ALTER TABLE "starters" ADD CONSTRAINT "starters_care_notes_length" CHECK ("starters"."care_notes" IS NULL OR char_length("starters"."care_notes") BETWEEN 1 AND 2000);--> statement-breakpoint
ALTER TABLE "starters" ADD CONSTRAINT "starters_origin_story_length" CHECK ("starters"."origin_story" IS NULL OR char_length("starters"."origin_story") BETWEEN 1 AND 1000);--> statement-breakpoint
ALTER TABLE "starters" ADD CONSTRAINT "starters_parent_not_self" CHECK ("starters"."parent_id" IS NULL OR "starters"."parent_id" <> "starters"."id");--> statement-breakpoint
-- Starters posted before the form was asked for: spore types are spores, the rest stay active.
UPDATE "starters" SET "form" = 'spores' WHERE "subcategory" IN ('miso', 'tempeh', 'soySauce');
