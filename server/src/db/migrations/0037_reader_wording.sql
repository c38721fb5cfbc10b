ALTER TABLE "notifications" ALTER COLUMN "title" SET DEFAULT '';--> statement-breakpoint
-- A reservation mail waiting its quiet period keeps its line as a wording (decision 124). The
-- few minutes' worth queued before keep its meaning; a reserved line's time is left out (the
-- mail's thread link shows it).
ALTER TABLE "reservation_mail_due" ALTER COLUMN "line" SET DATA TYPE jsonb USING (
  CASE
    WHEN "line" LIKE 'Reservation released — %' THEN jsonb_build_object(
      'key', 'mail:lines.reservation_released.receiverWhy',
      'values', jsonb_build_object('reason', substr("line", char_length('Reservation released — ') + 1)))
    WHEN "line" LIKE 'Reservation released%' THEN '{"key":"mail:lines.reservation_released.receiver"}'::jsonb
    ELSE '{"key":"mail:lines.reserved.receiver"}'::jsonb
  END);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "words" jsonb;--> statement-breakpoint
-- Thread lines stored in English become their event's values (decision 124): the member's
-- reason, a standing offer's hours, a check-in's answer. A line whose text is not one the site
-- wrote keeps its stored text and gets no values, and is shown as stored.
UPDATE "messages" AS m SET "system" = m."system" || jsonb_build_object('values', known."values"), "content" = ''
FROM (
  SELECT "id", CASE "system"->>'event'
    WHEN 'reserved' THEN CASE WHEN "content" = 'Reserved for you' OR "content" LIKE 'Reserved for you — %' THEN '{}'::jsonb END
    WHEN 'reservation_released' THEN CASE
      WHEN "content" = 'Reservation released' THEN '{}'::jsonb
      WHEN "content" LIKE 'Reservation released — %' THEN jsonb_build_object('reason', substr("content", char_length('Reservation released — ') + 1))
    END
    WHEN 'reservation_backed_out' THEN CASE
      WHEN "content" = 'Can''t make it after all' THEN '{}'::jsonb
      WHEN "content" LIKE 'Can''t make it after all — %' THEN jsonb_build_object('reason', substr("content", char_length('Can''t make it after all — ') + 1))
    END
    WHEN 'given' THEN CASE WHEN "content" = 'Given to you — tap Received once you have it' THEN '{}'::jsonb END
    WHEN 'received' THEN CASE WHEN "content" = 'Received — thank you!' THEN '{}'::jsonb END
    WHEN 'not_received' THEN CASE WHEN "content" = 'It didn''t happen' THEN '{}'::jsonb END
    WHEN 'found_new_home' THEN CASE WHEN "content" = 'This starter has found a new home — thank you for asking' THEN '{}'::jsonb END
    WHEN 'checkin_answered' THEN CASE
      WHEN "content" LIKE '% says the culture is thriving' THEN '{"answer":"thriving"}'::jsonb
      WHEN "content" LIKE '% says the culture is waking up slowly' THEN '{"answer":"slow"}'::jsonb
      WHEN "content" LIKE '% says the culture hasn''t woken up yet — a tip from you may help' THEN '{"answer":"worried"}'::jsonb
    END
    WHEN 'standing_offered' THEN CASE
      WHEN "content" ~ '^Your turn in the line: a portion is yours if you accept within [0-9]{1,4} hours$'
        THEN jsonb_build_object('hours', substring("content" from '([0-9]+) hours$')::int)
    END
    WHEN 'standing_accepted' THEN CASE WHEN "content" = 'Accepted the standing offer — a portion is reserved' THEN '{}'::jsonb END
    WHEN 'standing_declined' THEN CASE WHEN "content" = 'Passed on this round — back to the end of the line' THEN '{}'::jsonb END
    WHEN 'standing_expired' THEN CASE WHEN "content" = 'The offer ran out unanswered and passed to the next in line' THEN '{}'::jsonb END
    WHEN 'standing_withdrawn' THEN CASE WHEN "content" = 'The standing offer ended, so this offer was withdrawn' THEN '{}'::jsonb END
  END AS "values"
  FROM "messages"
  WHERE "kind" = 'system' AND "system" IS NOT NULL AND NOT ("system" ? 'values')
) AS known
WHERE m."id" = known."id" AND known."values" IS NOT NULL;
