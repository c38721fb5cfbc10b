ALTER TABLE "starters" ADD COLUMN "held_decision" text;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "held_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "held_decided_by" text;--> statement-breakpoint
ALTER TABLE "starters" ADD CONSTRAINT "starters_held_decided_by_users_id_fk" FOREIGN KEY ("held_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starters" ADD CONSTRAINT "starters_held_decision_check" CHECK (("starters"."held_decision" IS NULL AND "starters"."held_decided_at" IS NULL) OR ("starters"."held_decision" IN ('released', 'rejected') AND "starters"."held_decided_at" IS NOT NULL));