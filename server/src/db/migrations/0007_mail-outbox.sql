CREATE TABLE "email_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_purpose_check" CHECK ("email_tokens"."purpose" IN ('confirm', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"headers" jsonb NOT NULL,
	"message_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_mail_due" (
	"receiver_id" text NOT NULL,
	"starter_id" integer NOT NULL,
	"sender_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_mail_due_receiver_id_starter_id_sender_id_pk" PRIMARY KEY("receiver_id","starter_id","sender_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "message_mail" text DEFAULT 'immediately' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mail_due" ADD CONSTRAINT "message_mail_due_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mail_due" ADD CONSTRAINT "message_mail_due_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mail_due" ADD CONSTRAINT "message_mail_due_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE sent_at IS NULL AND failed_at IS NULL;--> statement-breakpoint
CREATE INDEX "message_mail_due_idx" ON "message_mail_due" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mail_key_key" ON "users" USING btree ("mail_key");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_message_mail_check" CHECK ("users"."message_mail" IN ('immediately', 'daily', 'off'));