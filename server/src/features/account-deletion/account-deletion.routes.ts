import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_DELETED_NOTICE, deleteAccountSchema } from '../../../../common/account';
import { noticeSchema } from '../../../../common/auth';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { deleteAccount, pauseListings, requestDeletionCode } from './account-deletion.service';

export async function accountDeletionRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/users/me/pause-listings',
    { onRequest: signedInOnly, schema: { response: { 200: noticeSchema } } },
    async (request) => {
      const count = await pauseListings(deps, requireUser(request));
      return {
        message:
          count === 0
            ? 'You have no listings on offer right now.'
            : `${count === 1 ? 'Your listing is' : `Your ${count} listings are`} paused. Press "Still available" on any of them to bring it back.`,
      };
    },
  );

  r.post(
    '/api/users/me/delete/code',
    { onRequest: signedInOnly, schema: { response: { 202: noticeSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await requestDeletionCode(deps, user);
      return reply.code(202).send({ message: `We've sent a code to ${user.email}.` });
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
      return reply.code(202).send({ message: ACCOUNT_DELETED_NOTICE });
    },
  );
}
