ALTER TABLE "users" ADD COLUMN "reservation_mail" text DEFAULT 'immediately' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "checkin_mail" text DEFAULT 'immediately' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "offer_mail" text DEFAULT 'immediately' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_mail" text DEFAULT 'immediately' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_other_mail_check" CHECK ("users"."reservation_mail" IN ('immediately', 'off') AND "users"."checkin_mail" IN ('immediately', 'off') AND "users"."offer_mail" IN ('immediately', 'off') AND "users"."reminder_mail" IN ('immediately', 'off'));--> statement-breakpoint
-- One switch used to cover messages, reservations, check-ins and waitlist offers: a member who
-- had turned it off keeps all four off. Expiry reminders never followed it.
UPDATE "users" SET "reservation_mail" = 'off', "checkin_mail" = 'off', "offer_mail" = 'off' WHERE "message_mail" = 'off';
