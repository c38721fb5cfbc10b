import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationSchema,
  markThreadReadSchema,
  messageSchema,
  sendMessageSchema,
  unreadCountSchema,
} from '../../../../common/messages';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { eventsRoutes } from './events.routes';
import {
  countUnread,
  listConversations,
  markThreadRead,
  readThread,
  sendMessage,
} from './messages.service';
import { idParam } from '../../../../common/ids';

const threadParams = z.object({ starterId: idParam('starter') });
const threadQuery = z.object({ with: z.string().trim().min(1).max(100).optional() });

/** A message is at most 500 characters: even all escaped (6 bytes each) that fits in 8 KiB. */
const SEND_BODY_LIMIT = 8 * 1024;
/** `{ "with": "<member id>" }` at most. */
const READ_BODY_LIMIT = 1024;

export async function messagesRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  await app.register(eventsRoutes, deps);

  app.post(
    '/api/messages',
    {
      onRequest: signedInOnly,
      bodyLimit: SEND_BODY_LIMIT,
      schema: { body: sendMessageSchema, response: { 201: messageSchema } },
    },
    async (request, reply) => {
      const message = await sendMessage(deps, requireUser(request), request.body);
      return reply.status(201).send(message);
    },
  );

  app.get(
    '/api/conversations',
    { onRequest: signedInOnly, schema: { response: { 200: z.array(conversationSchema) } } },
    async (request) => listConversations(deps, requireUser(request)),
  );

  app.get(
    '/api/messages/unread-count',
    { onRequest: signedInOnly, schema: { response: { 200: unreadCountSchema } } },
    async (request) => ({ count: await countUnread(deps, requireUser(request)) }),
  );

  app.get(
    '/api/messages/starter/:starterId',
    {
      onRequest: signedInOnly,
      schema: {
        params: threadParams,
        querystring: threadQuery,
        response: { 200: z.array(messageSchema) },
      },
    },
    async (request) =>
      readThread(deps, requireUser(request), {
        starterId: request.params.starterId,
        with: request.query.with,
      }),
  );

  // Marking read changes state, so it is a POST: the security plugin refuses it cross-site,
  // which a GET that marked read could not be.
  app.post(
    '/api/messages/starter/:starterId/read',
    {
      onRequest: signedInOnly,
      bodyLimit: READ_BODY_LIMIT,
      schema: { params: threadParams, body: markThreadReadSchema },
    },
    async (request, reply) => {
      await markThreadRead(deps, requireUser(request), {
        starterId: request.params.starterId,
        with: request.body.with,
      });
      return reply.status(204).send();
    },
  );
}
