CREATE TABLE "culture_deaths" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"starter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "culture_keepers" (
	"member_id" text NOT NULL,
	"starter_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "culture_keepers_member_id_starter_id_pk" PRIMARY KEY("member_id","starter_id")
);
--> statement-breakpoint
CREATE TABLE "keeper_asks" (
	"id" serial PRIMARY KEY NOT NULL,
	"keeper_id" text NOT NULL,
	"asker_id" text NOT NULL,
	"starter_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "culture_deaths" ADD CONSTRAINT "culture_deaths_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "culture_deaths" ADD CONSTRAINT "culture_deaths_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "culture_keepers" ADD CONSTRAINT "culture_keepers_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "culture_keepers" ADD CONSTRAINT "culture_keepers_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keeper_asks" ADD CONSTRAINT "keeper_asks_keeper_id_users_id_fk" FOREIGN KEY ("keeper_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keeper_asks" ADD CONSTRAINT "keeper_asks_asker_id_users_id_fk" FOREIGN KEY ("asker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keeper_asks" ADD CONSTRAINT "keeper_asks_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "culture_deaths_starter_idx" ON "culture_deaths" USING btree ("starter_id");--> statement-breakpoint
CREATE INDEX "culture_keepers_starter_idx" ON "culture_keepers" USING btree ("starter_id");--> statement-breakpoint
CREATE INDEX "keeper_asks_keeper_idx" ON "keeper_asks" USING btree ("keeper_id","created_at");--> statement-breakpoint
CREATE INDEX "keeper_asks_asker_idx" ON "keeper_asks" USING btree ("asker_id");