CREATE TABLE "account_link_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_link_requests_purpose_check" CHECK ("account_link_requests"."purpose" IN ('reset', 'signin'))
);
--> statement-breakpoint
CREATE TABLE "reservation_mail_due" (
	"receiver_id" text NOT NULL,
	"starter_id" integer NOT NULL,
	"owner_id" text NOT NULL,
	"first_kind" text NOT NULL,
	"kind" text NOT NULL,
	"line" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reservation_mail_due_receiver_id_starter_id_owner_id_pk" PRIMARY KEY("receiver_id","starter_id","owner_id")
);
--> statement-breakpoint
ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "place" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_mail_due" ADD CONSTRAINT "reservation_mail_due_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_mail_due" ADD CONSTRAINT "reservation_mail_due_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_mail_due" ADD CONSTRAINT "reservation_mail_due_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_mail_due_idx" ON "reservation_mail_due" USING btree ("due_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_id_unique" UNIQUE("id");--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_purpose_check" CHECK ("email_tokens"."purpose" IN ('confirm', 'reset', 'signin', 'revert'));