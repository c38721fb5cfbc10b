CREATE TABLE "blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"handover_id" integer NOT NULL,
	"from_id" text NOT NULL,
	"to_id" text NOT NULL,
	"rating" text NOT NULL,
	"reason" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_rating_check" CHECK ("feedback"."rating" IN ('up', 'down')),
	CONSTRAINT "feedback_reason_check" CHECK (("feedback"."reason" IS NULL OR "feedback"."reason" IN ('no-show', 'late', 'rude', 'unhealthy', 'other')) AND ("feedback"."rating" = 'up' OR "feedback"."reason" IS NOT NULL)),
	CONSTRAINT "feedback_note_length" CHECK ("feedback"."note" IS NULL OR char_length("feedback"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"starter_id" integer NOT NULL,
	"giver_id" text NOT NULL,
	"recipient_id" text,
	"reservation_id" integer,
	"at" timestamp,
	"status" text DEFAULT 'given' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "handovers_status_check" CHECK ("handovers"."status" IN ('given', 'received', 'not_received')),
	CONSTRAINT "handovers_not_to_self" CHECK ("handovers"."recipient_id" IS NULL OR "handovers"."recipient_id" <> "handovers"."giver_id")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"starter_id" integer NOT NULL,
	"member_id" text NOT NULL,
	"at" timestamp,
	"status" text DEFAULT 'active' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" IN ('active', 'released', 'backed_out', 'given')),
	CONSTRAINT "reservations_reason_length" CHECK ("reservations"."reason" IS NULL OR char_length("reservations"."reason") <= 200)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "system" jsonb;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "portions" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "portions_reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "portions_given" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "travel" text[] DEFAULT '{pickup}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "postage" text;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "bring" text;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "available_until" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "starters" ADD COLUMN "renewals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_handover_id_handovers_id_fk" FOREIGN KEY ("handover_id") REFERENCES "public"."handovers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_from_id_users_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_to_id_users_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_once_per_side_key" ON "feedback" USING btree ("handover_id","from_id");--> statement-breakpoint
CREATE INDEX "feedback_to_idx" ON "feedback" USING btree ("to_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "handovers_starter_idx" ON "handovers" USING btree ("starter_id");--> statement-breakpoint
CREATE INDEX "handovers_giver_idx" ON "handovers" USING btree ("giver_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "handovers_recipient_idx" ON "handovers" USING btree ("recipient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_active_key" ON "reservations" USING btree ("starter_id","member_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "reservations_member_idx" ON "reservations" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" IN ('text', 'system'));--> statement-breakpoint
ALTER TABLE "starters" ADD CONSTRAINT "starters_portions_count" CHECK ("starters"."portions_reserved" >= 0 AND "starters"."portions_given" >= 0 AND "starters"."portions_reserved" + "starters"."portions_given" <= "starters"."portions" AND "starters"."portions" - "starters"."portions_given" <= 20);--> statement-breakpoint
ALTER TABLE "starters" ADD CONSTRAINT "starters_travel_check" CHECK (cardinality("starters"."travel") BETWEEN 1 AND 2 AND "starters"."travel" <@ ARRAY['pickup', 'post']::text[]);--> statement-breakpoint
ALTER TABLE "starters" ADD CONSTRAINT "starters_postage_check" CHECK (("starters"."postage" IS NULL OR "starters"."postage" IN ('giver', 'recipient')) AND (("starters"."postage" IS NOT NULL) = ('post' = ANY("starters"."travel"))));--> statement-breakpoint
ALTER TABLE "starters" ADD CONSTRAINT "starters_bring_length" CHECK ("starters"."bring" IS NULL OR char_length("starters"."bring") BETWEEN 1 AND 120);