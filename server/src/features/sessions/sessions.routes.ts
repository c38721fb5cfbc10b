import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeSchema } from '../../../../common/auth';
import { idParam } from '../../../../common/ids';
import { memberSessionSchema } from '../../../../common/sessions';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { endOtherSessions, endSession, listSessions } from './sessions.service';

/** "Where am I signed in": the member's own sessions, and signing any of them out. */
export async function sessionsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users/me/sessions',
    { onRequest: signedInOnly, schema: { response: { 200: z.array(memberSessionSchema) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSessions(deps, requireUser(request).id, request.sessionHash);
    },
  );

  r.delete(
    '/api/users/me/sessions/:id',
    {
      onRequest: signedInOnly,
      schema: {
        params: z.object({ id: idParam('session') }),
        response: { 200: noticeSchema },
      },
    },
    async (request, reply) => {
      const { sid } = await endSession(deps, requireUser(request).id, request.params.id);
      // Signing out this very session from the list is signing out.
      if (sid === request.sessionHash) await app.sessions.end(request, reply);
      return { message: 'That device is signed out.' };
    },
  );

  r.post(
    '/api/users/me/sessions/sign-out-others',
    { onRequest: signedInOnly, schema: { response: { 200: noticeSchema } } },
    async (request) => {
      const ended = await endOtherSessions(deps, requireUser(request).id, request.sessionHash);
      return {
        message:
          ended === 1
            ? 'One other device is signed out.'
            : `${ended} other devices are signed out.`,
      };
    },
  );
}
