import { requestReader } from '../../i18n/wording';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationSchema,
  markThreadReadSchema,
  messageSchema,
  nudgeSchema,
  sendMessageSchema,
  unreadCountSchema,
} from '../../../../common/conversations/messages';
import type { AppDeps } from '../../deps';
import { SHORT_TEXT_BODY } from '../../http/body-limits';
import { guardedRoutes } from '../../access/guarded-route';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { eventsRoutes } from './events.routes';
import {
  countUnread,
  listConversations,
  markThreadRead,
  readThread,
  sendMessage,
} from './messages.service';
import { idParam } from '../../../../common/site/ids';
import { getMessagePhoto, readMessageForm, uploadedPhotos } from './message-photos';
import { nudge } from './nudges';
import { reportMessage } from '../reports/message-reports.service';
import { createdReportSchema, messageReportSchema } from '../../../../common/moderation/reports';

const messageParams = z.object({ id: idParam('message') });
const photoParams = z.object({ id: z.uuid('Photo not found') });

/** A message outbox's key (a UUID or similar): anything else is ignored, not an error. */
function idempotencyKey(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9_-]{8,64}$/.test(value) ? value : undefined;
}

const threadParams = z.object({ starterId: idParam('starter') });
const threadQuery = z.object({ with: z.string().trim().min(1).max(100).optional() });

/** A message is at most 500 characters: even all escaped (6 bytes each) that fits in 8 KiB. */
const SEND_BODY_LIMIT = 8 * 1024;
/** `{ "with": "<member id>" }` at most. */
const READ_BODY_LIMIT = 1024;

export async function messagesRoutes(instance: FastifyInstance, deps: AppDeps) {
  await instance.register(eventsRoutes, deps);
  conversationRoutes(instance, deps);
  conversationActionRoutes(instance, deps);
  messagePhotoRoutes(instance, deps);
}

/** Sending a message, and reading conversations and their unread count. */
function conversationRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/messages',
    {
      onRequest: signedInOnly,
      // JSON: the text only. Multipart (with photos) has its own limits (message-photos.ts).
      bodyLimit: SEND_BODY_LIMIT,
      config: { multipart: true },
      preValidation: readMessageForm,
      schema: { body: sendMessageSchema, response: { 201: messageSchema, 202: messageSchema } },
    },
    async (request, reply) => {
      const message = await sendMessage(
        deps,
        requireUser(request),
        {
          ...request.body,
          photos: uploadedPhotos(request),
        },
        { clientKey: idempotencyKey(request.headers['idempotency-key']) },
      );
      // 202: accepted but held for a moderator, not delivered.
      return reply.status(message.status === 'held' ? 202 : 201).send(message);
    },
  );

  const member = guardedRoutes(instance, deps, 'member');
  member.get(
    '/api/conversations',
    { response: z.array(conversationSchema) },
    (deps, me, _, request) => listConversations(deps, me, requestReader(request)),
  );
  member.get('/api/messages/unread-count', { response: unreadCountSchema }, async (deps, me) => ({
    count: await countUnread(deps, me),
  }));
  member.get(
    '/api/messages/starter/:starterId',
    { params: threadParams, query: threadQuery, response: z.array(messageSchema) },
    (deps, me, thread, request) => readThread(deps, me, requestReader(request), thread),
  );
}

/** Marking a conversation read, nudging, and reporting a message. */
function conversationActionRoutes(instance: FastifyInstance, deps: AppDeps) {
  const member = guardedRoutes(instance, deps, 'member');
  // Marking read changes state, so it is a POST: the security plugin refuses it cross-site,
  // which a GET that marked read could not be.
  member.post(
    '/api/messages/starter/:starterId/read',
    { params: threadParams, body: markThreadReadSchema, bodyLimit: READ_BODY_LIMIT, status: 204 },
    markThreadRead,
  );
  member.post(
    '/api/messages/starter/:starterId/nudge',
    { params: threadParams, body: nudgeSchema, bodyLimit: READ_BODY_LIMIT, status: 201 },
    nudge,
  );
  member.post(
    '/api/messages/:id/report',
    {
      params: messageParams,
      body: messageReportSchema,
      bodyLimit: SHORT_TEXT_BODY,
      response: createdReportSchema,
      status: 201,
    },
    (deps, me, { id, ...report }) => reportMessage(deps, me, { messageId: id, ...report }),
  );
}

/** Photos sent in messages, full size and as thumbnails. */
function messagePhotoRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // Never cached by anyone else: only the conversation's two members may see these.
  for (const variant of ['full', 'thumb'] as const) {
    app.get(
      `/api/messages/photos/:id/${variant}.webp`,
      { onRequest: signedInOnly, schema: { params: photoParams } },
      async (request, reply) => {
        const bytes = await getMessagePhoto(deps.db, requireUser(request), {
          photoId: request.params.id,
          variant,
        });
        return reply
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', 'sandbox')
          .type('image/webp')
          .send(bytes);
      },
    );
  }
}
