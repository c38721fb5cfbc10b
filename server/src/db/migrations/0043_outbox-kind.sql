-- Kinds of news are declared in code (common/notification-kinds.ts, decision 153): a new kind
-- of bell item needs no migration.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
-- The outbox records the kind of news a mail tells of; account mail has none.
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
-- Reservation mail queued before this carries its kind in its stop header: the hourly cap,
-- which now counts by kind, still sees it.
UPDATE "mail_outbox" SET "kind" = 'reservation'
WHERE "headers"->>'List-Unsubscribe' LIKE '%/reservations>';
