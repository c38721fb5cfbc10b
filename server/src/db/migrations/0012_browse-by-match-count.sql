-- Browse finds the starters a question matches before choosing how to order them
-- (docs/decisions/027-browse-query-by-match-count.md): one GIN index holds a listed starter's
-- search words, its category and type, and the words of its location, so "kefir in legumes
-- near Lisbon" is answered from the index alone, however many starters each part matches.
--
-- A location's words as lexemes '~loc=<word>'; the marker keeps them apart from search words
-- (a search word never holds '~' or '='), and a prefix query '~loc=lis':* finds "Lisbon".
CREATE OR REPLACE FUNCTION starter_place_terms(location text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(string_to_array(
    '~loc=' || regexp_replace(lower(coalesce(location, '')), '[^[:alnum:]]+', ' ~loc=', 'g'), ' '))
$$;
--> statement-breakpoint
-- Everything browse filters on, as one tsvector: the search words, '~cat=<category>',
-- '~sub=<type>' and the location's words.
CREATE OR REPLACE FUNCTION starter_browse_terms(
  search_vector tsvector, category text, subcategory text, location text
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(search_vector, ''::tsvector)
    || array_to_tsvector(ARRAY['~cat=' || coalesce(category, ''), '~sub=' || coalesce(subcategory, '')])
    -- starter_place_terms(location), spelled out: an index build resolves names in pg_catalog only.
    || array_to_tsvector(string_to_array(
      '~loc=' || regexp_replace(lower(coalesce(location, '')), '[^[:alnum:]]+', ' ~loc=', 'g'), ' '))
$$;
--> statement-breakpoint
-- Without a pending list (fastupdate): every browse reads this index, a new starter is rare.
CREATE INDEX IF NOT EXISTS starters_listed_terms_idx ON starters
  USING gin (starter_browse_terms(search_vector, category, subcategory, location))
  WITH (fastupdate = off)
  WHERE is_active AND removed_at IS NULL AND deleted_at IS NULL;
--> statement-breakpoint
-- A type belongs to one category: without this the planner multiplies their shares and
-- expects far fewer starters of a type than there are.
CREATE STATISTICS IF NOT EXISTS starters_category_subcategory_stats (dependencies)
  ON category, subcategory FROM starters;
