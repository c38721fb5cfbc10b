CREATE TABLE "checkins" (
	"id" serial PRIMARY KEY NOT NULL,
	"handover_id" integer NOT NULL,
	"day" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "checkins_day_check" CHECK ("checkins"."day" IN (1, 3, 7)),
	CONSTRAINT "checkins_answer_check" CHECK ("checkins"."answer" IS NULL OR "checkins"."answer" IN ('thriving', 'slow', 'worried')),
	CONSTRAINT "checkins_answered_together" CHECK (("checkins"."answer" IS NULL) = ("checkins"."answered_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_handover_id_handovers_id_fk" FOREIGN KEY ("handover_id") REFERENCES "public"."handovers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_handover_day_key" ON "checkins" USING btree ("handover_id","day");--> statement-breakpoint
CREATE INDEX "checkins_unmailed_due_idx" ON "checkins" USING btree ("due_at") WHERE "checkins"."answer" IS NULL AND "checkins"."mailed_at" IS NULL;