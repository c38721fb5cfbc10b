CREATE TABLE "hidden_starters" (
	"user_id" text NOT NULL,
	"starter_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_starters_user_id_starter_id_pk" PRIMARY KEY("user_id","starter_id")
);
--> statement-breakpoint
CREATE TABLE "saved_starters" (
	"user_id" text NOT NULL,
	"starter_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_starters_user_id_starter_id_pk" PRIMARY KEY("user_id","starter_id")
);
--> statement-breakpoint
ALTER TABLE "hidden_starters" ADD CONSTRAINT "hidden_starters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_starters" ADD CONSTRAINT "hidden_starters_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_starters" ADD CONSTRAINT "saved_starters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_starters" ADD CONSTRAINT "saved_starters_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hidden_starters_starter_idx" ON "hidden_starters" USING btree ("starter_id");--> statement-breakpoint
CREATE INDEX "saved_starters_starter_idx" ON "saved_starters" USING btree ("starter_id");