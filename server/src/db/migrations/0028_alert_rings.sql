CREATE TABLE "alert_rings" (
	"starter_id" integer PRIMARY KEY NOT NULL,
	"ring" integer NOT NULL,
	"held_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_rings" ADD CONSTRAINT "alert_rings_starter_id_starters_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."starters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_radius_idx" ON "alerts" USING btree ("radius_km");--> statement-breakpoint
-- The members who may not act (access/members.ts) include those leaving (deleted_at) since
-- 0019; the small index of 0008 did not, so every query asking for them read all members.
DROP INDEX IF EXISTS users_may_not_act_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_may_not_act_idx ON users (id)
  WHERE banned_at IS NOT NULL OR suspended_until IS NOT NULL OR NOT is_active
    OR deleted_at IS NOT NULL;
