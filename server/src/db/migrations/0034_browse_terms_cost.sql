-- A browse question's terms are costly to compute for one row (a regular expression and three
-- tsvectors), but the planner priced the inlined expression at a few operators a row, and
-- when a culture's many other names made a query long it scanned the whole table instead of
-- reading the terms index: "tibicos" took 48-190 ms on 100,000 starters instead of 7
-- (decision 110). Kept whole (a SET clause is never inlined) and priced as one costly
-- function, the terms are read from their index; parallel restricted, a question stays in
-- its own backend. The index keeps its entries: the function gives the same terms as before.
CREATE OR REPLACE FUNCTION starter_browse_terms(
  search_vector tsvector, category text, subcategory text, location text
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED COST 100 SET search_path = pg_catalog AS $$
  SELECT coalesce(search_vector, ''::tsvector)
    || array_to_tsvector(ARRAY['~cat=' || coalesce(category, ''), '~sub=' || coalesce(subcategory, '')])
    -- starter_place_terms(location), spelled out: an index build resolves names in pg_catalog only.
    || array_to_tsvector(string_to_array(
      '~loc=' || regexp_replace(lower(coalesce(location, '')), '[^[:alnum:]]+', ' ~loc=', 'g'), ' '))
$$;
