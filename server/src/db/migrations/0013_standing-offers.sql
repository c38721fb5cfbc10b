CREATE TABLE "standing_offer_turns" (
	"id" serial PRIMARY KEY NOT NULL,
	"starter_id" integer NOT NULL,
	"member_id" text NOT NULL,
	"round" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"reservation_id" integer,
	CONSTRAINT "standing_offer_turns_status_check" CHECK ("standing_offer_turns"."status" IN ('pending', 'accepted', 'declined', 'expired', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "standing_offers" (
	"starter_id" integer PRIMARY KEY NOT NULL,
	"batch_size" integer NOT NULL,
	"cadence_days" integer NOT NULL,
	"answer_hours" integer NOT NULL,
	"limit_weeks" integer NOT NULL,
	"mode" text NOT NULL,
	"paused_at" timestamp with time zone,
	"round" integer DEFAULT 0 NOT NULL,
	"next_round_at" timestamp with time zone NOT NULL,
	"last_round_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_offers_batch_check" CHECK ("standing_offers"."batch_size" BETWEEN 1 AND 10),
	CONSTRAINT "standing_offers_cadence_check" CHECK ("standing_offers"."cadence_days" BETWEEN 1 AND 60),
	CONSTRAINT "standing_offers_answer_check" CHECK ("standing_offers"."answer_hours" BETWEEN 1 AND 168),
	CONSTRAINT "standing_offers_limit_check" CHECK ("standing_offers"."limit_weeks" BETWEEN 0 AND 52),
	CONSTRAINT "standing_offers_mode_check" CHECK ("standing_offers"."mode" IN ('longest_waiting', 'lottery'))
);
--> statement-breakpoint
CREATE TABLE "standing_waitlist" (
	"starter_id" integer NOT NULL,
	"member_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"missed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "standing_waitlist_starter_id_member_id_pk" PRIMARY KEY("starter_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "standing_offer_turns" ADD CONSTRAINT "standing_offer_turns_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_offer_turns" ADD CONSTRAINT "standing_offer_turns_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_offer_turns" ADD CONSTRAINT "standing_offer_turns_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_offers" ADD CONSTRAINT "standing_offers_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_waitlist" ADD CONSTRAINT "standing_waitlist_starter_id_standing_offers_starter_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."standing_offers"("starter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_waitlist" ADD CONSTRAINT "standing_waitlist_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standing_offer_turns_round_key" ON "standing_offer_turns" USING btree ("starter_id","round","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_offer_turns_pending_key" ON "standing_offer_turns" USING btree ("starter_id","member_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "standing_offer_turns_due_idx" ON "standing_offer_turns" USING btree ("answer_by") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "standing_offer_turns_member_idx" ON "standing_offer_turns" USING btree ("member_id","starter_id","answered_at");--> statement-breakpoint
CREATE INDEX "standing_offers_due_idx" ON "standing_offers" USING btree ("next_round_at") WHERE paused_at IS NULL;--> statement-breakpoint
CREATE INDEX "standing_waitlist_line_idx" ON "standing_waitlist" USING btree ("starter_id","joined_at");