ALTER TABLE "photos" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_position_range" CHECK ("photos"."position" BETWEEN 0 AND 3);