import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passkeyLoginSchema,
  passkeyProofSchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
  passkeySchema,
} from '../../../../../common/members/account';
import { noticeSchema } from '../../../../../common/members/auth';
import { idParam } from '../../../../../common/site/ids';
import { currentUserSchema } from '../../../../../common/members/users';
import type { AppDeps } from '../../../deps';
import { noticeFor } from '../../../i18n/wording';
import { requireUser, signedInOnly } from '../../../plugins/sessions';
import { toCurrentUser } from '../auth/auth.service';
import {
  authenticationOptions,
  listPasskeys,
  mailPasskeyLink,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from './passkeys.service';

const passkeyParams = z.object({ id: idParam('passkey') });
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export async function passkeysRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/passkeys/register/options',
    { onRequest: signedInOnly, schema: { body: passkeyProofSchema } },
    async (request, reply) => {
      noStore(reply);
      return registrationOptions(
        deps,
        requireUser(request),
        relyingParty(deps.config, request),
        request.body,
      );
    },
  );

  // A member with neither a password nor a passkey proves it is them through their mailbox.
  r.post(
    '/api/auth/passkeys/register/link',
    { onRequest: signedInOnly, schema: { response: { 202: noticeSchema } } },
    async (request, reply) => {
      await mailPasskeyLink(deps, requireUser(request));
      return reply.code(202).send(noticeFor(request, { key: 'messages:passkeyLinkSent' }));
    },
  );

  r.post(
    '/api/auth/passkeys/register',
    {
      onRequest: signedInOnly,
      schema: { body: passkeyRegisterSchema, response: { 201: passkeySchema } },
    },
    async (request, reply) => {
      const passkey = await registerPasskey(
        deps,
        requireUser(request),
        relyingParty(deps.config, request),
        request.body,
        { userAgent: request.headers['user-agent'] ?? null },
      );
      return reply.code(201).send(passkey);
    },
  );

  r.post('/api/auth/passkeys/login/options', async (request, reply) => {
    noStore(reply);
    return authenticationOptions(deps, relyingParty(deps.config, request), request.ip);
  });

  r.post(
    '/api/auth/passkeys/login',
    { schema: { body: passkeyLoginSchema, response: { 200: currentUserSchema } } },
    async (request, reply) => {
      const user = await signInWithPasskey(deps, relyingParty(deps.config, request), {
        response: request.body.response,
        clientAddress: request.ip,
      });
      await app.sessions.start(request, reply, user.id);
      noStore(reply);
      return toCurrentUser(user);
    },
  );

  r.get(
    '/api/users/me/passkeys',
    { onRequest: signedInOnly, schema: { response: { 200: z.array(passkeySchema) } } },
    async (request) => listPasskeys(deps, requireUser(request)),
  );

  r.patch(
    '/api/users/me/passkeys/:id',
    {
      onRequest: signedInOnly,
      schema: {
        params: passkeyParams,
        body: passkeyRenameSchema,
        response: { 200: passkeySchema },
      },
    },
    async (request) =>
      renamePasskey(deps, requireUser(request), { id: request.params.id, ...request.body }),
  );

  r.delete(
    '/api/users/me/passkeys/:id',
    { onRequest: signedInOnly, schema: { params: passkeyParams } },
    async (request, reply) => {
      await removePasskey(deps, requireUser(request), { id: request.params.id });
      return reply.code(204).send();
    },
  );
}
