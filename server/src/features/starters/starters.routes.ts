import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addPortionsSchema, renewStarterSchema } from '../../../../common/conversations/handovers';
import {
  CLAIM_ALONE,
  starterDetailQuerySchema,
  starterIdParamsSchema,
  starterListQuerySchema,
  starterSchema,
  updateStarterSchema,
} from '../../../../common/listings/starters';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../errors';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { addPortions, renewStarter } from './listing-terms.service';
import { readStarterEditForm, readStarterForm, validationError } from './starter-form';
import {
  browseStarters,
  createStarter,
  deleteStarter,
  editStarter,
  getPhoto,
  getStarter,
  markClaimed,
  markFed,
  myStarters,
} from './starters.service';

/** A listing's terms are a few short fields. */
const SMALL_BODY = 4 * 1024;
/** An edit as JSON: the post form's text fields at their longest, with room to spare. */
const EDIT_BODY = 64 * 1024;

const photoParams = z.object({ id: z.uuid('Photo not found') });

/**
 * A photo's bytes never change under its id, but whether it may be shown does: shared caches
 * keep it yet ask again on every use (a 304 costs no bytes), so a removal or deletion takes
 * effect at once (decision 012).
 */
const PUBLIC_PHOTO_CACHE = 'public, no-cache';

/**
 * A visitor's browse answer is the same for every visitor: a shared cache (a CDN) in front may
 * keep it a few seconds and serve it a little longer while it asks again, so a change shows
 * there within seconds and on every server copy at once. A member's answer can depend on
 * their profile's place, and stays theirs (decision 087).
 */
export const VISITOR_BROWSE_CACHE = 'public, max-age=5, stale-while-revalidate=30';
const MEMBER_BROWSE_CACHE = 'private, no-cache';
const HIDDEN_PHOTO_CACHE = 'private, no-store';

export async function startersRoutes(fastify: FastifyInstance, deps: AppDeps) {
  starterReadingRoutes(fastify, deps);
  starterPostingRoutes(fastify, deps);
  photoRoutes(fastify, deps);
  listingTermsRoutes(fastify, deps);
}

/** Browsing listings, a member's own, and one listing. */
function starterReadingRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/starters',
    {
      // The answer is checked against starterListSchema when it is computed, then cached as JSON.
      schema: { querystring: starterListQuerySchema },
    },
    async (request, reply) => {
      const json = await browseStarters(deps, request.user, request.query);
      return reply
        .header('cache-control', request.user ? MEMBER_BROWSE_CACHE : VISITOR_BROWSE_CACHE)
        .header('vary', 'Cookie')
        .type('application/json; charset=utf-8')
        .send(json);
    },
  );

  app.get(
    '/api/starters/my',
    { schema: { response: { 200: z.array(starterSchema) } } },
    async (request) => myStarters(deps, requireUser(request)),
  );

  app.get(
    '/api/starters/:id',
    {
      schema: {
        params: starterIdParamsSchema,
        querystring: starterDetailQuerySchema,
        response: { 200: starterSchema },
      },
    },
    async (request, reply) => {
      const starter = await getStarter(deps, request.user, {
        id: request.params.id,
        from: request.query,
      });
      // A listing, like browse: the installed app may keep it for reading offline, which it
      // never does with a no-store answer (decision 136).
      reply.header('cache-control', MEMBER_BROWSE_CACHE);
      return starter;
    },
  );
}

/** Posting, editing, feeding and deleting a listing. */
function starterPostingRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/starters',
    {
      onRequest: signedInOnly,
      config: { multipart: true },
      schema: { response: { 201: starterSchema } },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const form = await readStarterForm(request);
      const starter = await createStarter(deps, actor, form);
      return reply.status(201).send(starter);
    },
  );

  app.patch(
    '/api/starters/:id',
    {
      onRequest: signedInOnly,
      // JSON edits carry text fields only; photos come as multipart with its own limits.
      bodyLimit: EDIT_BODY,
      config: { multipart: true },
      schema: { params: starterIdParamsSchema, response: { 200: starterSchema } },
    },
    async (request) => {
      const actor = requireUser(request);
      const { id } = request.params;
      if (request.isMultipart()) {
        return editStarter(deps, actor, { id, ...(await readStarterEditForm(request)) });
      }
      const parsed = updateStarterSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      const { isClaimed, photoOrder, ...fields } = parsed.data;
      if (isClaimed) {
        if (photoOrder || Object.values(fields).some((v) => v !== undefined)) {
          throw badRequest(CLAIM_ALONE);
        }
        return markClaimed(deps, actor, { id });
      }
      return editStarter(deps, actor, { id, fields, photoOrder, photos: [] });
    },
  );

  app.post(
    '/api/starters/:id/fed',
    {
      onRequest: signedInOnly,
      schema: { params: starterIdParamsSchema, response: { 200: starterSchema } },
    },
    async (request) => markFed(deps, requireUser(request), { id: request.params.id }),
  );

  app.delete(
    '/api/starters/:id',
    { onRequest: signedInOnly, schema: { params: starterIdParamsSchema } },
    async (request, reply) => {
      await deleteStarter(deps, requireUser(request), { id: request.params.id });
      return reply.status(204).send();
    },
  );
}

/** A listing's photos, full size and as thumbnails. */
function photoRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const variant of ['full', 'thumb'] as const) {
    app.get(
      `/api/photos/:id/${variant}.webp`,
      { schema: { params: photoParams } },
      async (request, reply) => {
        const etag = `"${request.params.id}-${variant}"`;
        const photo = await getPhoto(deps, request.user, {
          photoId: request.params.id,
          variant,
          cached: request.headers['if-none-match'] === etag,
        });
        reply
          .header('cache-control', photo.isPublic ? PUBLIC_PHOTO_CACHE : HIDDEN_PHOTO_CACHE)
          .header('etag', etag);
        if (!photo.bytes) return reply.status(304).send();
        return reply
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', 'sandbox')
          .type('image/webp')
          .send(photo.bytes);
      },
    );
  }
}

/** A listing's terms: renewing it and adding portions. */
function listingTermsRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/starters/:id/renew',
    {
      onRequest: signedInOnly,
      bodyLimit: SMALL_BODY,
      schema: {
        params: starterIdParamsSchema,
        body: renewStarterSchema,
        response: { 200: starterSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      await renewStarter(deps, actor, {
        starterId: request.params.id,
        availableDays: request.body.availableDays,
      });
      return getStarter(deps, actor, { id: request.params.id });
    },
  );

  app.post(
    '/api/starters/:id/portions',
    {
      onRequest: signedInOnly,
      bodyLimit: SMALL_BODY,
      schema: {
        params: starterIdParamsSchema,
        body: addPortionsSchema,
        response: { 200: starterSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      await addPortions(deps, actor, { starterId: request.params.id, add: request.body.add });
      return getStarter(deps, actor, { id: request.params.id });
    },
  );
}
