import { z } from 'zod';
import { singleLineText } from '../site/text';

/** The longest place name a field takes: a gazetteer name, or what is typed to find one. */
export const PLACE_NAME_MAX_LENGTH = 120;

/** How browse names a place: the gazetteer's "City, State, Country". */
export const placeSchema = z.object({ name: z.string() });
export type Place = z.infer<typeof placeSchema>;

/** GET /api/places?q= — places whose name begins with what was typed. */
export const placeSuggestionsQuerySchema = z.object({
  q: singleLineText().max(PLACE_NAME_MAX_LENGTH, 'Place is too long'),
});
export const placeSuggestionsSchema = z.object({ places: z.array(placeSchema) });
export type PlaceSuggestions = z.infer<typeof placeSuggestionsSchema>;

const coordinate = (name: string, limit: number) =>
  z.coerce
    .number(`${name} must be a number`)
    .min(-limit, `${name} must be between -${limit} and ${limit}`)
    .max(limit, `${name} must be between -${limit} and ${limit}`);

/** GET /api/places/nearest?lat=&lng= — "Use my location": the nearest place, by name. */
export const nearestPlaceQuerySchema = z.object({
  lat: coordinate('lat', 90),
  lng: coordinate('lng', 180),
});
