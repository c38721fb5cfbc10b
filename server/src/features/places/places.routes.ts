import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  nearestPlaceQuerySchema,
  placeSchema,
  placeSuggestionsQuerySchema,
  placeSuggestionsSchema,
} from '../../../../common/listings/places';
import { notFound } from '../../errors';
import { findPlace, nearestPlace, placeLabels, suggestPlaces } from './places.service';
import { mapViewSchema, placeCentreQuerySchema } from '../../../../common/listings/starter-map';

/** The gazetteer never changes while the server runs: answers may be kept a day. */
const GAZETTEER_CACHE = 'public, max-age=86400';

export async function placesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/places',
    {
      schema: {
        querystring: placeSuggestionsQuerySchema,
        response: { 200: placeSuggestionsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', GAZETTEER_CACHE);
      return { places: suggestPlaces(request.query.q).map(({ name }) => ({ name })) };
    },
  );

  app.get(
    '/api/places/nearest',
    { schema: { querystring: nearestPlaceQuerySchema, response: { 200: placeSchema } } },
    async (request, reply) => {
      // Positions differ by the metre: nothing to gain from keeping one anywhere.
      reply.header('cache-control', 'private, no-store');
      const place = nearestPlace(request.query.lat, request.query.lng);
      if (!place) throw notFound('No known place near there');
      return { name: place.name };
    },
  );

  app.get(
    '/api/places/labels',
    // The browse map's place names for a view (decision 082).
    { schema: { querystring: mapViewSchema } },
    async (request, reply) => {
      reply.header('cache-control', GAZETTEER_CACHE);
      return { labels: placeLabels(request.query.bbox, request.query.zoom) };
    },
  );

  app.get(
    '/api/places/centre',
    // Where the browse map opens for a chosen place (decision 082): its centre, never finer.
    { schema: { querystring: placeCentreQuerySchema } },
    async (request, reply) => {
      const place = findPlace(request.query.name);
      if (!place) throw notFound('No known place of that name');
      reply.header('cache-control', GAZETTEER_CACHE);
      return { name: place.name, lat: place.latitude, lng: place.longitude };
    },
  );
}
