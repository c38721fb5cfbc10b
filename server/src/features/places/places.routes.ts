import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  nearestPlaceQuerySchema,
  placeSchema,
  placeSuggestionsQuerySchema,
  placeSuggestionsSchema,
} from '../../../../common/places';
import { notFound } from '../../errors';
import { nearestPlace, suggestPlaces } from './places.service';

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
}
