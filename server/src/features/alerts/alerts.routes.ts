import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertListSchema,
  alertSchema,
  alertStopSchema,
  alertToldSchema,
  createAlertSchema,
  timeZoneSchema,
  updateAlertSchema,
} from '../../../../common/listings/alerts';
import { idParam } from '../../../../common/site/ids';
import type { AppDeps } from '../../deps';
import { SMALL_BODY } from '../../http/body-limits';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import {
  createAlert,
  deleteAlert,
  describeStop,
  membersTold,
  myAlerts,
  setTimeZone,
  stopAlertByKey,
  updateAlert,
} from './alerts.service';
import { starterIdParamsSchema } from '../../../../common/listings/starters';

const idParams = z.object({ id: idParam('alert') });
// The id first: a malformed id answers "Invalid alert ID" as every id route does.
const stopParams = z.object({
  id: idParam('alert'),
  key: z.string().regex(/^[0-9a-f]{32}$/, 'This link is not valid'),
});

export async function alertsRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // RFC 8058's one-click POST is a form body ("List-Unsubscribe=One-Click"); the stop route
  // needs nothing from it.
  instance.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  app.get(
    '/api/alerts',
    { onRequest: signedInOnly, schema: { response: { 200: alertListSchema } } },
    async (request) => myAlerts(deps, requireUser(request)),
  );

  app.post(
    '/api/alerts',
    { onRequest: signedInOnly, bodyLimit: SMALL_BODY, schema: { body: createAlertSchema } },
    async (request, reply) =>
      reply.status(201).send(await createAlert(deps, requireUser(request), request.body)),
  );

  app.patch(
    '/api/alerts/:id',
    {
      onRequest: signedInOnly,
      bodyLimit: SMALL_BODY,
      schema: { params: idParams, body: updateAlertSchema, response: { 200: alertSchema } },
    },
    async (request) => updateAlert(deps, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/alerts/:id',
    { onRequest: signedInOnly, bodyLimit: SMALL_BODY, schema: { params: idParams } },
    async (request, reply) => {
      await deleteAlert(deps, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/me/time-zone',
    { onRequest: signedInOnly, bodyLimit: SMALL_BODY, schema: { body: timeZoneSchema } },
    async (request, reply) => {
      await setTimeZone(deps, requireUser(request), request.body.timeZone);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/starters/:id/alerted',
    {
      onRequest: signedInOnly,
      schema: { params: starterIdParamsSchema, response: { 200: alertToldSchema } },
    },
    async (request) => membersTold(deps, requireUser(request), request.params.id),
  );

  // The mail's links: a GET says what would stop (mail scanners open links); the POST
  // (the page's button, or the List-Unsubscribe one-click) stops that alert only.
  app.get(
    '/api/alerts/stop/:key/:id',
    { schema: { params: stopParams, response: { 200: alertStopSchema } } },
    async (request) => describeStop(deps, request.params.key, request.params.id),
  );

  app.post(
    '/api/alerts/stop/:key/:id',
    { bodyLimit: 1024, schema: { params: stopParams } },
    async (request, reply) => {
      await stopAlertByKey(deps, request.params.key, request.params.id);
      return reply.status(204).send();
    },
  );
}
