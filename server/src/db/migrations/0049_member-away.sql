-- "Away until": a member's time away, compared with the clock wherever it matters (decision 160).
ALTER TABLE "users" ADD COLUMN "away_until" timestamp with time zone;
