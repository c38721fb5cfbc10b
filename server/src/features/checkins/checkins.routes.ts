import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerCheckinByMailSchema,
  answerCheckinSchema,
  checkinMailQuerySchema,
  checkinSchema,
  checkinsSchema,
} from '../../../../common/cultures/checkins';
import type { AppDeps } from '../../deps';
import { guardedRoutes } from '../../access/guarded-route';
import { answerCheckin, answerCheckinByMail, checkinByMail, dueCheckins } from './checkins.service';
import { idParam } from '../../../../common/site/ids';

const checkinParams = z.object({ id: idParam('check-in') });

/** An answer is one short word. */
const ANSWER_BODY_LIMIT = 1024;

export async function checkinsRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // Private to the asker (the security plugin's default: `private, no-store`).
  const member = guardedRoutes(instance, deps, 'member');
  member.get('/api/checkins', { response: checkinsSchema }, dueCheckins);
  member.post(
    '/api/checkins/:id',
    {
      params: checkinParams,
      body: answerCheckinSchema,
      bodyLimit: ANSWER_BODY_LIMIT,
      response: checkinSchema,
    },
    (deps, asker, { id, answer }) => answerCheckin(deps, asker, { checkinId: id, answer }),
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
