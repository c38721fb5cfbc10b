ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "before_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "moderator_from_list" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_purpose_check" CHECK ("email_tokens"."purpose" IN ('confirm', 'reset', 'signin', 'revert', 'passkey'));--> statement-breakpoint
-- Passkeys already there: those added before the address was confirmed are marked (decision 118).
UPDATE "passkeys" SET "before_confirmation" = true FROM "users" WHERE "users"."id" = "passkeys"."user_id" AND ("users"."email_verified_at" IS NULL OR "passkeys"."created_at" < "users"."email_verified_at");
