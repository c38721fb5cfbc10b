-- Browse answers are cached by every server copy; any change to what they show tells them all.
CREATE OR REPLACE FUNCTION notify_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('listing_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER starters_listing_changed AFTER INSERT OR UPDATE OR DELETE ON starters
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listing_changed();
--> statement-breakpoint
CREATE TRIGGER users_listing_changed AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listing_changed();
