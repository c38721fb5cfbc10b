import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeSchema } from '../../../../../common/members/auth';
import { idParam } from '../../../../../common/site/ids';
import {
  memberSessionSchema,
  signOutOthersSchema,
  undoLinkSchema,
} from '../../../../../common/members/sessions';
import { pendingUndoLinks } from '../auth/email-links';
import { noticeFor } from '../../../i18n/wording';
import type { AppDeps } from '../../../deps';
import { requireUser, signedInOnly } from '../../../plugins/sessions';
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
      return noticeFor(request, { key: 'messages:deviceSignedOut' });
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
        ended === 1
          ? { key: 'messages:oneOtherDeviceSignedOut' }
          : { key: 'messages:otherDevicesSignedOut', values: { count: ended } };
      if (!request.body.removePasskeys) return noticeFor(request, devices);
      return noticeFor(
        request,
        devices,
        passkeys === 1
          ? { key: 'messages:onePasskeyRemoved' }
          : { key: 'messages:passkeysRemoved', values: { count: passkeys } },
      );
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
