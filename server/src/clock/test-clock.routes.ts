import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { advanceClock, now } from './clock';

const clockSchema = z.object({ now: z.iso.datetime() });
/** At most a year at a time: enough for any wait in the product, and a typo stays small. */
const advanceSchema = z.object({
  advanceSeconds: z
    .number()
    .min(0)
    .max(366 * 86_400),
});

/**
 * Browser tests move the built server's clock through these instead of waiting (decision
 * 042). Registered only when TEST_CLOCK is on, which the configuration refuses in production.
 */
export async function testClockRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/api/test/clock', { schema: { response: { 200: clockSchema } } }, async () => ({
    now: now().toISOString(),
  }));
  app.post(
    '/api/test/clock',
    { schema: { body: advanceSchema, response: { 200: clockSchema } } },
    async (request) => ({ now: advanceClock(request.body.advanceSeconds * 1000).toISOString() }),
  );
}
