ALTER TABLE "users" ALTER COLUMN "moderator_from_list" DROP NOT NULL;--> statement-breakpoint
-- Rights given before 0039 kept no origin: MODERATOR_EMAILS (a confirmed address) or the command
-- line. An account without a confirmed address never had them from the list; the others are
-- settled at the next start against the list then (settleModeratorOrigins, decision 136).
UPDATE "users" SET "moderator_from_list" = NULL WHERE "is_moderator" AND NOT "moderator_from_list" AND "email_verified_at" IS NOT NULL;
