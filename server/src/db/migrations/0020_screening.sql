CREATE TABLE "held_messages" (
	"id" integer PRIMARY KEY DEFAULT nextval('messages_id_seq') NOT NULL,
	"starter_id" integer NOT NULL,
	"sender_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"content" text NOT NULL,
	"codes" text[] NOT NULL,
	"warnings" text[],
	"strict" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "held_messages_status_check" CHECK ("held_messages"."status" IN ('held', 'released', 'rejected')),
	CONSTRAINT "held_messages_content_length" CHECK (char_length(content) BETWEEN 1 AND 500)
);
--> statement-breakpoint
CREATE TABLE "screening_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"words" text,
	"exception" text,
	"action" text NOT NULL,
	"strict_action" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screening_rules_action_check" CHECK ("screening_rules"."action" IN ('hold', 'warn', 'off')),
	CONSTRAINT "screening_rules_strict_check" CHECK ("screening_rules"."strict_action" IN ('hold', 'warn', 'off')),
	CONSTRAINT "screening_rules_words_check" CHECK (("screening_rules"."code" = 'word') = ("screening_rules"."words" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_check";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "warnings" text[];--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "held_codes" text[];--> statement-breakpoint
ALTER TABLE "held_messages" ADD CONSTRAINT "held_messages_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_messages" ADD CONSTRAINT "held_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_messages" ADD CONSTRAINT "held_messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_messages" ADD CONSTRAINT "held_messages_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_rules" ADD CONSTRAINT "screening_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_messages_status_idx" ON "held_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "held_messages_sender_idx" ON "held_messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "held_messages_thread_idx" ON "held_messages" USING btree ("starter_id","sender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_rules_built_in_idx" ON "screening_rules" USING btree ("code") WHERE "screening_rules"."code" <> 'word';--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_check" CHECK (action IN ('report_status', 'remove_starter', 'suspend', 'ban', 'lift_sanction', 'restore_starter', 'uphold_removal', 'release_message', 'reject_message', 'release_starter', 'reject_starter', 'screening_rule'));