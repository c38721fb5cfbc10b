-- The audit log is append-only: no change or removal of an entry, also not through a foreign
-- key's SET NULL (so a starter or member with audit entries cannot be hard-deleted either).
CREATE OR REPLACE FUNCTION refuse_moderation_action_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_actions is append-only (% refused)', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER moderation_actions_append_only BEFORE UPDATE OR DELETE ON moderation_actions
  FOR EACH ROW EXECUTE FUNCTION refuse_moderation_action_change();
--> statement-breakpoint
CREATE TRIGGER moderation_actions_no_truncate BEFORE TRUNCATE ON moderation_actions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_moderation_action_change();
