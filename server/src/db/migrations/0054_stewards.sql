-- Stewards: a member trusted with one area (a gazetteer place and a radius), decision 166.
CREATE TABLE "stewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"place" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_km" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stewards_radius_check" CHECK ("stewards"."radius_km" BETWEEN 1 AND 200)
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_check";--> statement-breakpoint
ALTER TABLE "stewards" ADD CONSTRAINT "stewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stewards" ADD CONSTRAINT "stewards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stewards_user_idx" ON "stewards" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_check" CHECK (action IN ('report_status', 'remove_starter', 'suspend', 'ban', 'lift_sanction', 'restore_starter', 'uphold_removal', 'release_message', 'reject_message', 'release_starter', 'reject_starter', 'screening_rule', 'set_trust', 'appoint_steward', 'remove_steward'));