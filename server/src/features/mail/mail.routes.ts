import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { mailSettingsSchema } from '../../../../common/users';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { escapeHtml } from './templates';

const keyParams = z.object({ key: z.string().regex(/^[0-9a-f]{32}$/) });

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)} · CultureShare</title></head>
<body style="font-family:system-ui,sans-serif;background:#faf8f3;color:#1f2a1f;margin:0"><main style="max-width:480px;margin:48px auto;padding:0 24px">
<h1 style="color:#2f6b3b;font-size:24px">${escapeHtml(title)}</h1>${body}
<p><a href="/" style="color:#2f6b3b">Go to CultureShare</a></p></main></body></html>`;

export async function mailRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // RFC 8058's one-click POST is a form body ("List-Unsubscribe=One-Click"); only this
  // plugin reads forms, and it needs nothing from the body.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  // A link checker opening the URL must not unsubscribe anyone: GET only asks.
  r.get('/api/mail/unsubscribe/:key', { schema: { params: keyParams } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8');
    return page(
      'Stop message emails?',
      `<p>We'll stop emailing you about new messages. You can turn them back on from your profile.</p>
<form method="post"><button type="submit" style="background:#2f6b3b;color:#fff;border:0;padding:10px 18px;border-radius:6px;font-size:16px">Stop these emails</button></form>`,
    );
  });

  // No cookie needed: the key in the URL is the member's unguessable mail key.
  r.post(
    '/api/mail/unsubscribe/:key',
    { schema: { params: keyParams } },
    async (request, reply) => {
      await deps.db
        .update(users)
        .set({ messageMail: 'off', updatedAt: new Date() })
        .where(eq(users.mailKey, request.params.key));
      reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8');
      return page(
        'You will not get message emails any more',
        '<p>You can turn them back on from your profile whenever you like.</p>',
      );
    },
  );

  r.get(
    '/api/users/mail-settings',
    { onRequest: signedInOnly, schema: { response: { 200: mailSettingsSchema } } },
    async (request) => ({ messageMail: requireUser(request).messageMail as 'immediately' }),
  );

  r.patch(
    '/api/users/mail-settings',
    {
      onRequest: signedInOnly,
      schema: { body: mailSettingsSchema, response: { 200: mailSettingsSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await deps.db
        .update(users)
        .set({ messageMail: request.body.messageMail, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return request.body;
    },
  );
}
