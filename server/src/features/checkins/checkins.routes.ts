import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerCheckinByMailSchema,
  answerCheckinSchema,
  checkinMailQuerySchema,
  checkinSchema,
  checkinsSchema,
} from '../../../../common/checkins';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { answerCheckin, answerCheckinByMail, checkinByMail, dueCheckins } from './checkins.service';
import { idParam } from '../../../../common/ids';

const checkinParams = z.object({ id: idParam('check-in') });

/** An answer is one short word. */
const ANSWER_BODY_LIMIT = 1024;

export async function checkinsRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // Private to the asker (the security plugin's default: `private, no-store`).
  app.get(
    '/api/checkins',
    { onRequest: signedInOnly, schema: { response: { 200: checkinsSchema } } },
    async (request) => dueCheckins(deps, requireUser(request)),
  );

  app.post(
    '/api/checkins/:id',
    {
      onRequest: signedInOnly,
      bodyLimit: ANSWER_BODY_LIMIT,
      schema: {
        params: checkinParams,
        body: answerCheckinSchema,
        response: { 200: checkinSchema },
      },
    },
    async (request) =>
      answerCheckin(deps, requireUser(request), {
        checkinId: request.params.id,
        answer: request.body.answer,
      }),
  );

  // From a check-in mail, without a sign-in: the key in the mail (decision 055). The GET only
  // shows; the answer needs the page's button, so a link scanner answers nothing.
  app.get(
    '/api/checkins/:id/mail',
    {
      schema: {
        params: checkinParams,
        querystring: checkinMailQuerySchema,
        response: { 200: checkinSchema },
      },
    },
    async (request) =>
      checkinByMail(deps, { checkinId: request.params.id, mailKey: request.query.key }),
  );

  app.post(
    '/api/checkins/:id/mail',
    {
      bodyLimit: ANSWER_BODY_LIMIT,
      schema: {
        params: checkinParams,
        body: answerCheckinByMailSchema,
        response: { 200: checkinSchema },
      },
    },
    async (request) =>
      answerCheckinByMail(deps, {
        checkinId: request.params.id,
        mailKey: request.body.key,
        answer: request.body.answer,
      }),
  );
}
