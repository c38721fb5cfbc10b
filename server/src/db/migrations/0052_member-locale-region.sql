-- The region of a member's browser locale, so mail writes times the way their pages do.
ALTER TABLE "users" ADD COLUMN "locale_region" text;
