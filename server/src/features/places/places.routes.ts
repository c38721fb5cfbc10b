import type { FastifyInstance } from 'fastify';
import {
  nearestPlaceQuerySchema,
  placeSchema,
  placeSuggestionsQuerySchema,
  placeSuggestionsSchema,
} from '../../../../common/listings/places';
import { openRoutes } from '../../access/guarded-route';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { findPlace, nearestPlace, placeLabels, suggestPlaces } from './places.service';
import { mapViewSchema, placeCentreQuerySchema } from '../../../../common/listings/starter-map';

/** The gazetteer never changes while the server runs: answers may be kept a day. */
const GAZETTEER_CACHE = 'public, max-age=86400';

export async function placesRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const anyone = openRoutes(fastify, deps);

  anyone.get(
    '/api/places',
    {
      query: placeSuggestionsQuerySchema,
      response: placeSuggestionsSchema,
      cache: GAZETTEER_CACHE,
    },
    (_deps, _viewer, { q }) => ({ places: suggestPlaces(q).map(({ name }) => ({ name })) }),
  );

  anyone.get(
    '/api/places/nearest',
    // Positions differ by the metre: nothing to gain from keeping one anywhere.
    { query: nearestPlaceQuerySchema, response: placeSchema, cache: 'private, no-store' },
    (_deps, _viewer, { lat, lng }) => {
      const place = nearestPlace(lat, lng);
      if (!place) throw notFound('No known place near there');
      return { name: place.name };
    },
  );

  anyone.get(
    '/api/places/labels',
    // The browse map's place names for a view (decision 082).
    { query: mapViewSchema, cache: GAZETTEER_CACHE },
    (_deps, _viewer, { bbox, zoom }) => ({ labels: placeLabels(bbox, zoom) }),
  );

  anyone.get(
    '/api/places/centre',
    // Where the browse map opens for a chosen place (decision 082): its centre, never finer.
    { query: placeCentreQuerySchema, cache: GAZETTEER_CACHE },
    (_deps, _viewer, { name }) => {
      const place = findPlace(name);
      if (!place) throw notFound('No known place of that name');
      return { name: place.name, lat: place.latitude, lng: place.longitude };
    },
  );
}
