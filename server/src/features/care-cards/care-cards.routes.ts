import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { getCareCard } from './care-cards.service';

/**
 * Cards change only with a release of the site: anyone (browsers, shared caches) may keep one
 * for an hour, and a day more while they check for a newer one.
 */
export const CARE_CARD_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

const params = z.object({ subcategory: z.string() });

export async function careCardsRoutes(instance: FastifyInstance, _deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/api/care-cards/:subcategory', { schema: { params } }, async (request, reply) => {
    const card = getCareCard({ subcategory: request.params.subcategory });
    return reply.header('cache-control', CARE_CARD_CACHE).send(card);
  });
}
