ALTER TABLE "held_messages" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
-- Decisions made before took effect at once.
UPDATE "held_messages" SET "settled_at" = coalesce("decided_at", "created_at") WHERE "status" <> 'held';
