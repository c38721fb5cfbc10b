-- Push choices move beside the mail choices on the member's row (decision 094).
ALTER TABLE "users" ADD COLUMN "message_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reservation_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "checkin_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "offer_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alert_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "push_hides_message_text" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "users" SET
  "message_push" = p."messages",
  "reservation_push" = p."reservations",
  "checkin_push" = p."checkins",
  "offer_push" = p."offers",
  "push_hides_message_text" = p."hide_message_text"
FROM "push_settings" p
WHERE p."user_id" = "users"."id";--> statement-breakpoint
DROP TABLE "push_settings" CASCADE;
