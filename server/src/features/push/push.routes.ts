import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../../common/site/ids';
import {
  pushKeySchema,
  pushSettingsPatchSchema,
  pushSettingsSchema,
  pushSubscriptionInputSchema,
  pushSubscriptionSchema,
} from '../../../../common/notifications/push';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import {
  listSubscriptions,
  pushSettingsOf,
  subscribe,
  unsubscribe,
  updatePushSettings,
} from './push.service';
import { vapidKeys } from './vapid';

/** An endpoint and two keys: a few kilobytes at most. */
const SUBSCRIBE_BODY_LIMIT = 4 * 1024;

export async function pushRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/api/push/key', { schema: { response: { 200: pushKeySchema } } }, async () => ({
    publicKey: (await vapidKeys(deps.db, deps.config)).publicKey,
  }));

  app.post(
    '/api/push/subscriptions',
    {
      onRequest: signedInOnly,
      bodyLimit: SUBSCRIBE_BODY_LIMIT,
      schema: {
        body: pushSubscriptionInputSchema,
        response: { 201: z.object({ id: z.number() }) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await subscribe(deps.db, deps.config, requireUser(request), request.body)),
  );

  app.get(
    '/api/push/subscriptions',
    {
      onRequest: signedInOnly,
      schema: { response: { 200: z.array(pushSubscriptionSchema) } },
    },
    async (request) => listSubscriptions(deps.db, requireUser(request)),
  );

  app.delete(
    '/api/push/subscriptions/:id',
    {
      onRequest: signedInOnly,
      schema: { params: z.object({ id: idParam('subscription') }) },
    },
    async (request, reply) => {
      await unsubscribe(deps.db, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/push/settings',
    { onRequest: signedInOnly, schema: { response: { 200: pushSettingsSchema } } },
    async (request) => pushSettingsOf(deps.db, requireUser(request).id),
  );

  app.patch(
    '/api/push/settings',
    {
      onRequest: signedInOnly,
      schema: { body: pushSettingsPatchSchema, response: { 200: pushSettingsSchema } },
    },
    async (request) => updatePushSettings(deps.db, requireUser(request), request.body),
  );
}
