import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeSchema } from '../../../../common/auth';
import { idParam } from '../../../../common/ids';
import {
  memberSessionSchema,
  signOutOthersSchema,
  undoLinkSchema,
} from '../../../../common/sessions';
import { pendingUndoLinks } from '../auth/email-links';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { endSession, listSessions } from './sessions.service';
import { signOutOthers } from './sign-out-others';

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
    {
      onRequest: signedInOnly,
      schema: { body: signOutOthersSchema, response: { 200: noticeSchema } },
    },
    async (request) => {
      const { ended, passkeys } = await signOutOthers(
        deps,
        requireUser(request).id,
        request.sessionHash,
        request.body,
      );
      const devices =
        ended === 1 ? 'One other device is signed out.' : `${ended} other devices are signed out.`;
      if (!request.body.removePasskeys) return { message: devices };
      return {
        message: `${devices} ${passkeys === 1 ? 'One passkey was removed.' : `${passkeys} passkeys were removed.`}`,
      };
    },
  );

  // The security page lists the links that can still move the account back to an old address.
  r.get(
    '/api/users/me/undo-links',
    { onRequest: signedInOnly, schema: { response: { 200: z.array(undoLinkSchema) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return pendingUndoLinks(deps.db, requireUser(request).id);
    },
  );
}
