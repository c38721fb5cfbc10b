import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markNotificationsReadSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  unreadNotificationsSchema,
} from '../../../../common/notifications/notifications';
import type { AppDeps } from '../../deps';
import { SMALL_BODY } from '../../http/body-limits';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { requestReader } from '../../i18n/wording';
import { listNotifications, markNotificationsRead } from './notifications.service';

export async function notificationsRoutes(instance: FastifyInstance, deps: Pick<AppDeps, 'db'>) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: signedInOnly, bodyLimit: SMALL_BODY };

  app.get(
    '/api/notifications',
    {
      onRequest: signedInOnly,
      schema: { querystring: notificationsQuerySchema, response: { 200: notificationsPageSchema } },
    },
    async (request) =>
      listNotifications(deps.db, requireUser(request), requestReader(request), request.query),
  );

  app.post(
    '/api/notifications/read',
    {
      ...member,
      schema: { body: markNotificationsReadSchema, response: { 200: unreadNotificationsSchema } },
    },
    async (request) => markNotificationsRead(deps.db, requireUser(request), request.body.ids),
  );

  app.post(
    '/api/notifications/read-all',
    { ...member, schema: { response: { 200: unreadNotificationsSchema } } },
    async (request) => markNotificationsRead(deps.db, requireUser(request)),
  );
}
