ALTER TABLE "alert_matches" DROP CONSTRAINT "alert_matches_user_id_users_id_fk";
