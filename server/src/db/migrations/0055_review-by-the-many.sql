CREATE TABLE "review_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"starter_id" integer NOT NULL,
	"subject_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"split_at" timestamp with time zone,
	"outcome" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "review_items_kind_check" CHECK ("review_items"."kind" IN ('listing', 'message', 'report')),
	CONSTRAINT "review_items_outcome_check" CHECK ("review_items"."outcome" IS NULL OR "review_items"."outcome" IN ('release', 'hide'))
);
--> statement-breakpoint
CREATE TABLE "review_verdicts" (
	"item_id" integer NOT NULL,
	"reviewer_id" text NOT NULL,
	"verdict" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_verdicts_item_id_reviewer_id_pk" PRIMARY KEY("item_id","reviewer_id"),
	CONSTRAINT "review_verdicts_verdict_check" CHECK ("review_verdicts"."verdict" IN ('release', 'hide'))
);
--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_verdicts" ADD CONSTRAINT "review_verdicts_item_id_review_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."review_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_verdicts" ADD CONSTRAINT "review_verdicts_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_items_open_key" ON "review_items" USING btree ("kind","ref_id") WHERE decided_at IS NULL;--> statement-breakpoint
CREATE INDEX "review_items_subject_idx" ON "review_items" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "review_verdicts_reviewer_idx" ON "review_verdicts" USING btree ("reviewer_id");