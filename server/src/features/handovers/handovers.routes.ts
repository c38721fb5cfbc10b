import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmHandoverSchema,
  createHandoverSchema,
  createReservationSchema,
  createdSchema,
  feedbackSchema,
  myHandoversSchema,
  releaseReservationSchema,
  starterActivitySchema,
  userSummarySchema,
} from '../../../../common/conversations/handovers';
import { noticeSchema } from '../../../../common/conversations/notices';
import type { AppDeps } from '../../deps';
import { SMALL_BODY } from '../../http/body-limits';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { myHandovers, myNotices, myStarterActivity, userSummary } from './handover-views.service';
import {
  confirmHandover,
  giveHandover,
  leaveFeedback,
  releaseReservation,
  reservePortion,
} from './handovers.service';
import { idParam } from '../../../../common/site/ids';
import { withdrawFeedback } from './feedback-withdrawal.service';

const idParams = (what: string) => z.object({ id: idParam(what) });
const starterParams = idParams('starter');
const memberParams = z.object({ memberId: z.string().trim().min(1).max(100) });

export async function handoversRoutes(instance: FastifyInstance, deps: AppDeps) {
  reservationRoutes(instance, deps);
  handoverRoutes(instance, deps);
  memberActivityRoutes(instance, deps);
}

/** Reserving a portion of a listing, and cancelling a reservation. */
function reservationRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: signedInOnly, bodyLimit: SMALL_BODY };

  app.post(
    '/api/starters/:id/reservations',
    {
      ...member,
      schema: {
        params: starterParams,
        body: createReservationSchema,
        response: { 201: createdSchema },
      },
    },
    async (request, reply) => {
      const created = await reservePortion(deps, requireUser(request), {
        starterId: request.params.id,
        ...request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/reservations/:id',
    { ...member, schema: { params: idParams('reservation'), body: releaseReservationSchema } },
    async (request, reply) => {
      await releaseReservation(deps, requireUser(request), {
        reservationId: request.params.id,
        reason: request.body?.reason,
      });
      return reply.status(204).send();
    },
  );
}

/** Recording a handover, confirming it, and leaving feedback on it. */
function handoverRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: signedInOnly, bodyLimit: SMALL_BODY };

  app.post(
    '/api/starters/:id/handovers',
    {
      ...member,
      schema: {
        params: starterParams,
        body: createHandoverSchema,
        response: { 201: createdSchema },
      },
    },
    async (request, reply) => {
      const created = await giveHandover(deps, requireUser(request), {
        starterId: request.params.id,
        memberId: request.body.memberId,
        healthCheck: request.body.healthCheck,
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/handovers/:id/confirm',
    { ...member, schema: { params: idParams('hand-over'), body: confirmHandoverSchema } },
    async (request, reply) => {
      await confirmHandover(deps, requireUser(request), {
        handoverId: request.params.id,
        received: request.body.received,
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/handovers/:id/feedback',
    {
      ...member,
      schema: {
        params: idParams('hand-over'),
        body: feedbackSchema,
        response: { 201: createdSchema },
      },
    },
    async (request, reply) => {
      const created = await leaveFeedback(deps, requireUser(request), {
        handoverId: request.params.id,
        ...request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/handovers/:id/feedback',
    { onRequest: signedInOnly, schema: { params: idParams('hand-over') } },
    async (request, reply) => {
      await withdrawFeedback(deps, requireUser(request), { handoverId: request.params.id });
      return reply.status(204).send();
    },
  );
}

/** A member's public summary, and their own activity, handovers and notices. */
function memberActivityRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // A summary is public (counts only), so visitors may read it too.
  app.get(
    '/api/users/:memberId/summary',
    { schema: { params: memberParams, response: { 200: userSummarySchema } } },
    async (request) => userSummary(deps, { userId: request.params.memberId }),
  );

  app.get(
    '/api/me/starter-activity',
    { onRequest: signedInOnly, schema: { response: { 200: z.array(starterActivitySchema) } } },
    async (request) => myStarterActivity(deps, requireUser(request)),
  );

  app.get(
    '/api/me/handovers',
    { onRequest: signedInOnly, schema: { response: { 200: myHandoversSchema } } },
    async (request) => myHandovers(deps, requireUser(request)),
  );

  app.get(
    '/api/me/notices',
    { onRequest: signedInOnly, schema: { response: { 200: z.array(noticeSchema) } } },
    async (request) => myNotices(deps, requireUser(request)),
  );
}
