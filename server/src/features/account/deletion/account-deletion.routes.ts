import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteAccountSchema } from '../../../../../common/members/account';
import { noticeSchema } from '../../../../../common/members/auth';
import { guardedRoutes } from '../../../access/guarded-route';
import type { AppDeps } from '../../../deps';
import { noticeFor } from '../../../i18n/wording';
import { requireUser, signedInOnly } from '../../../plugins/sessions';
import { deleteAccount, pauseListings, requestDeletionCode } from './account-deletion.service';

export async function accountDeletionRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = guardedRoutes(app, deps, 'member');

  member.post(
    '/api/users/me/pause-listings',
    { response: noticeSchema },
    async (deps, me, _, request) => {
      const count = await pauseListings(deps, me);
      return noticeFor(
        request,
        count === 0
          ? { key: 'messages:noListingsOnOffer' }
          : count === 1
            ? { key: 'messages:listingPaused' }
            : { key: 'messages:listingsPaused', values: { count } },
      );
    },
  );

  member.post(
    '/api/users/me/delete/code',
    { response: noticeSchema, status: 202 },
    async (deps, me, _, request) => {
      await requestDeletionCode(deps, me);
      return noticeFor(request, { key: 'messages:deletionCodeSent', values: { email: me.email } });
    },
  );

  r.post(
    '/api/users/me/delete',
    {
      onRequest: signedInOnly,
      schema: { body: deleteAccountSchema, response: { 202: noticeSchema } },
    },
    async (request, reply) => {
      await deleteAccount(deps, requireUser(request), request.body);
      // Every session ended with the deletion; this clears the cookie too.
      await app.sessions.end(request, reply);
      reply.header('cache-control', 'no-store');
      return reply.code(202).send(noticeFor(request, { key: 'messages:accountDeletedSignedOut' }));
    },
  );
}
