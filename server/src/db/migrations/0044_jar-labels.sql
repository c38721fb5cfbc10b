CREATE TABLE "jar_labels" (
	"code" text PRIMARY KEY NOT NULL,
	"starter_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"handover_id" integer,
	CONSTRAINT "jar_labels_code_shape" CHECK ("jar_labels"."code" ~ '^[0-9a-z]{12}$')
);
--> statement-breakpoint
ALTER TABLE "jar_labels" ADD CONSTRAINT "jar_labels_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jar_labels" ADD CONSTRAINT "jar_labels_handover_id_handovers_id_fk" FOREIGN KEY ("handover_id") REFERENCES "public"."handovers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jar_labels_starter_idx" ON "jar_labels" USING btree ("starter_id");