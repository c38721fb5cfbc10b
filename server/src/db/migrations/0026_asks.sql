CREATE TABLE "ask_answers" (
	"ask_id" integer NOT NULL,
	"helper_id" text NOT NULL,
	"starter_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ask_answers_ask_id_helper_id_pk" PRIMARY KEY("ask_id","helper_id")
);
--> statement-breakpoint
CREATE TABLE "ask_mailings" (
	"ask_id" integer NOT NULL,
	"member_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ask_mailings_ask_id_member_id_pk" PRIMARY KEY("ask_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "asks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"subcategory" text NOT NULL,
	"search" text,
	"location" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"note" text,
	"radius_km" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"announced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_other_mail_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ask_mail" text DEFAULT 'immediately' NOT NULL;--> statement-breakpoint
ALTER TABLE "ask_answers" ADD CONSTRAINT "ask_answers_ask_id_asks_id_fk" FOREIGN KEY ("ask_id") REFERENCES "public"."asks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_answers" ADD CONSTRAINT "ask_answers_helper_id_users_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_answers" ADD CONSTRAINT "ask_answers_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_mailings" ADD CONSTRAINT "ask_mailings_ask_id_asks_id_fk" FOREIGN KEY ("ask_id") REFERENCES "public"."asks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_mailings" ADD CONSTRAINT "ask_mailings_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asks" ADD CONSTRAINT "asks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ask_answers_starter_idx" ON "ask_answers" USING btree ("starter_id");--> statement-breakpoint
CREATE INDEX "ask_mailings_member_sent_idx" ON "ask_mailings" USING btree ("member_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "asks_open_created_idx" ON "asks" USING btree ("created_at" DESC NULLS LAST) WHERE "asks"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "asks_user_idx" ON "asks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "asks_unannounced_idx" ON "asks" USING btree ("created_at") WHERE "asks"."announced_at" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_other_mail_check" CHECK ("users"."reservation_mail" IN ('immediately', 'off') AND "users"."checkin_mail" IN ('immediately', 'off') AND "users"."offer_mail" IN ('immediately', 'off') AND "users"."reminder_mail" IN ('immediately', 'off') AND "users"."ask_mail" IN ('immediately', 'off'));