import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAIL_KINDS,
  mailKindChoiceSchema,
  mailKindStateSchema,
  mailSettingsPatchSchema,
  mailSettingsSchema,
} from '../../../../common/members/users';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import {
  mailKindState,
  mailSettingsOf,
  setMailKindByKey,
  updateMailSettings,
} from './mail-settings.service';

const mailKey = z.string().regex(/^[0-9a-f]{32}$/, 'This link is not valid');
const keyParams = z.object({ key: mailKey });
const kindParams = z.object({
  key: mailKey,
  kind: z.enum(MAIL_KINDS, 'This link is not valid'),
});

export async function mailRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // RFC 8058's one-click POST is a form body ("List-Unsubscribe=One-Click"); only this
  // plugin reads forms, and it needs nothing from the body.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  // Mails sent before each kind had its own link were about messages. A GET only leads to
  // the stop page, which asks first (decision 054).
  r.get('/api/mail/unsubscribe/:key', { schema: { params: keyParams } }, async (request, reply) =>
    reply.redirect(`/mail/stop/${request.params.key}/messages`, 302),
  );
  r.post(
    '/api/mail/unsubscribe/:key',
    { schema: { params: keyParams, response: { 200: mailKindStateSchema } } },
    async (request) =>
      setMailKindByKey(deps.db, { mailKey: request.params.key, kind: 'messages', choice: 'off' }),
  );

  // No cookie needed on these: the key in the URL is the member's unguessable mail key.
  r.get(
    '/api/mail/unsubscribe/:key/:kind',
    { schema: { params: kindParams, response: { 200: mailKindStateSchema } } },
    async (request) =>
      mailKindState(deps.db, { mailKey: request.params.key, kind: request.params.kind }),
  );
  r.post(
    '/api/mail/unsubscribe/:key/:kind',
    { schema: { params: kindParams, response: { 200: mailKindStateSchema } } },
    async (request) =>
      setMailKindByKey(deps.db, {
        mailKey: request.params.key,
        kind: request.params.kind,
        choice: 'off',
      }),
  );
  r.put(
    '/api/mail/unsubscribe/:key/:kind',
    {
      bodyLimit: 1024,
      schema: {
        params: kindParams,
        body: mailKindChoiceSchema,
        response: { 200: mailKindStateSchema },
      },
    },
    async (request) =>
      setMailKindByKey(deps.db, {
        mailKey: request.params.key,
        kind: request.params.kind,
        choice: request.body.choice,
      }),
  );

  r.get(
    '/api/users/mail-settings',
    { onRequest: signedInOnly, schema: { response: { 200: mailSettingsSchema } } },
    async (request) => mailSettingsOf(requireUser(request)),
  );

  r.patch(
    '/api/users/mail-settings',
    {
      onRequest: signedInOnly,
      schema: { body: mailSettingsPatchSchema, response: { 200: mailSettingsSchema } },
    },
    async (request) => updateMailSettings(deps.db, requireUser(request), request.body),
  );
}
