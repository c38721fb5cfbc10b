CREATE TABLE "meet_attendees" (
	"meet_id" integer NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meet_attendees_meet_id_member_id_pk" PRIMARY KEY("meet_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "meet_listings" (
	"meet_id" integer NOT NULL,
	"starter_id" integer NOT NULL,
	"portions" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meet_listings_meet_id_starter_id_pk" PRIMARY KEY("meet_id","starter_id"),
	CONSTRAINT "meet_listings_portions" CHECK ("meet_listings"."portions" > 0)
);
--> statement-breakpoint
CREATE TABLE "meets" (
	"id" serial PRIMARY KEY NOT NULL,
	"host_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"earth_point" "earth" GENERATED ALWAYS AS (ll_to_earth(latitude, longitude)) STORED,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meets_ends_after_start" CHECK ("meets"."ends_at" > "meets"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "jar_labels" ADD COLUMN "scanned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meet_attendees" ADD CONSTRAINT "meet_attendees_meet_id_meets_id_fk" FOREIGN KEY ("meet_id") REFERENCES "public"."meets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_attendees" ADD CONSTRAINT "meet_attendees_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_listings" ADD CONSTRAINT "meet_listings_meet_id_meets_id_fk" FOREIGN KEY ("meet_id") REFERENCES "public"."meets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_listings" ADD CONSTRAINT "meet_listings_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meets" ADD CONSTRAINT "meets_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meet_attendees_member_idx" ON "meet_attendees" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "meet_listings_starter_idx" ON "meet_listings" USING btree ("starter_id");--> statement-breakpoint
CREATE INDEX "meets_earth_point_idx" ON "meets" USING gist ("earth_point");--> statement-breakpoint
CREATE INDEX "meets_ends_idx" ON "meets" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "meets_host_idx" ON "meets" USING btree ("host_id");