CREATE TABLE "alert_matches" (
	"alert_id" integer NOT NULL,
	"starter_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"ring" integer NOT NULL,
	"announced_at" timestamp with time zone NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "alert_matches_alert_id_starter_id_pk" PRIMARY KEY("alert_id","starter_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"search" text,
	"search_tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"category" text,
	"subcategory" text,
	"place" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_km" double precision NOT NULL,
	"frequency" text NOT NULL,
	"last_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_frequency_check" CHECK ("alerts"."frequency" IN ('immediate', 'daily', 'weekly')),
	CONSTRAINT "alerts_radius_check" CHECK ("alerts"."radius_km" > 0 AND "alerts"."radius_km" <= 500),
	CONSTRAINT "alerts_search_length" CHECK ("alerts"."search" IS NULL OR char_length("alerts"."search") BETWEEN 1 AND 100)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_matches_starter_idx" ON "alert_matches" USING btree ("starter_id");--> statement-breakpoint
CREATE INDEX "alert_matches_unmailed_idx" ON "alert_matches" USING btree ("alert_id") WHERE "alert_matches"."mailed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_category_idx" ON "alerts" USING btree ("category","subcategory");--> statement-breakpoint
CREATE INDEX "alerts_tokens_idx" ON "alerts" USING gin ("search_tokens");--> statement-breakpoint
-- A new listing finds the alerts around it through this index (earth_box), never by testing
-- every alert (decision 062).
CREATE INDEX IF NOT EXISTS alerts_earth_idx ON alerts USING gist (ll_to_earth(latitude, longitude));
