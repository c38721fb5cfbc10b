CREATE TABLE "conversation_nudges" (
	"id" serial PRIMARY KEY NOT NULL,
	"starter_id" integer NOT NULL,
	"sender_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_nudges_kind_check" CHECK ("conversation_nudges"."kind" IN ('nudge', 'reminder'))
);
--> statement-breakpoint
CREATE TABLE "message_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" integer NOT NULL,
	"full" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_photos_position_range" CHECK ("message_photos"."position" BETWEEN 0 AND 3)
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_content_length";--> statement-breakpoint
DROP INDEX "reports_open_per_reporter_key";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "held_for_review_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_nudges" ADD CONSTRAINT "conversation_nudges_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_nudges" ADD CONSTRAINT "conversation_nudges_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_nudges" ADD CONSTRAINT "conversation_nudges_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_nudges_thread_idx" ON "conversation_nudges" USING btree ("starter_id","sender_id","receiver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_nudges_one_reminder_key" ON "conversation_nudges" USING btree ("starter_id","sender_id","receiver_id") WHERE kind = 'reminder';--> statement-breakpoint
CREATE INDEX "message_photos_message_idx" ON "message_photos" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_per_message_key" ON "reports" USING btree ("message_id","reporter_id") WHERE status = 'pending' AND message_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_per_reporter_key" ON "reports" USING btree ("starter_id","reporter_id") WHERE status = 'pending' AND message_id IS NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_content_length" CHECK (char_length(content) BETWEEN 0 AND 500);