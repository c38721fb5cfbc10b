-- Browse answers show an owner's names and picture and hide banned, suspended or inactive
-- members' starters; any other profile change (contact info, location, sessions' last use)
-- leaves every cached answer right, so it no longer empties the caches.
DROP TRIGGER IF EXISTS users_listing_changed ON users;
--> statement-breakpoint
CREATE TRIGGER users_listing_changed AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (
    OLD.username IS DISTINCT FROM NEW.username
    OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.profile_image_url IS DISTINCT FROM NEW.profile_image_url
    OR OLD.banned_at IS DISTINCT FROM NEW.banned_at
    OR OLD.suspended_until IS DISTINCT FROM NEW.suspended_until
    OR OLD.is_active IS DISTINCT FROM NEW.is_active
  )
  EXECUTE FUNCTION notify_listing_changed();
--> statement-breakpoint
CREATE TRIGGER users_listing_removed AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listing_changed();
