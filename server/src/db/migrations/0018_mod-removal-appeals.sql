CREATE TABLE "starter_removals" (
	"id" serial PRIMARY KEY NOT NULL,
	"starter_id" integer NOT NULL,
	"report_id" integer,
	"reason" text NOT NULL,
	"note" text,
	"removed_by" text,
	"removed_at" timestamp with time zone NOT NULL,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"decision" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "starter_removals_reason_check" CHECK (reason IN ('safety', 'free', 'starters-only', 'accurate', 'privacy', 'inappropriate', 'one-account', 'claimed')),
	CONSTRAINT "starter_removals_decision_check" CHECK ("starter_removals"."decision" IS NULL OR "starter_removals"."decision" IN ('restored', 'upheld')),
	CONSTRAINT "starter_removals_appeal_length" CHECK ("starter_removals"."appeal_text" IS NULL OR char_length("starter_removals"."appeal_text") <= 1000),
	CONSTRAINT "starter_removals_appeal_pair" CHECK (("starter_removals"."appeal_text" IS NULL) = ("starter_removals"."appealed_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_check";--> statement-breakpoint
ALTER TABLE "starter_removals" ADD CONSTRAINT "starter_removals_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starter_removals" ADD CONSTRAINT "starter_removals_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starter_removals" ADD CONSTRAINT "starter_removals_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starter_removals" ADD CONSTRAINT "starter_removals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "starter_removals_starter_idx" ON "starter_removals" USING btree ("starter_id","removed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "starter_removals_open_appeals_idx" ON "starter_removals" USING btree ("appealed_at") WHERE appeal_text IS NOT NULL AND decision IS NULL;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_check" CHECK (action IN ('report_status', 'remove_starter', 'suspend', 'ban', 'lift_sanction', 'restore_starter', 'uphold_removal'));