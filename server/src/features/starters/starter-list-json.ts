import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { starterListSchema, type StarterList } from '../../../../common/listings/starters';

/**
 * A browse answer as JSON, by a serializer compiled once from `starterListSchema` (decision
 * 086): it writes exactly the schema's fields, dropping any other as the schema's parse did,
 * without checking each answer against the schema at run time. The rows come from one
 * selection (`starter-rows.ts`) whose types the compiler already holds to the schema.
 */
export const starterListJson: (list: StarterList) => string = fastJson(
  z.toJSONSchema(starterListSchema, { target: 'draft-7', io: 'output' }) as Parameters<
    typeof fastJson
  >[0],
);
