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
import { guardedRoutes, openRoutes } from '../../access/guarded-route';
import type { AppDeps } from '../../deps';
import { SMALL_BODY } from '../../http/body-limits';
import { badRequest } from '../../errors';
import { requireUser, signedInOnly, type SessionUser } from '../../plugins/sessions';
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

  guardedRoutes(fastify, deps, 'member').get(
    '/api/starters/my',
    { response: z.array(starterSchema) },
    myStarters,
  );
  openRoutes(fastify, deps).get(
    '/api/starters/:id',
    {
      params: starterIdParamsSchema,
      query: starterDetailQuerySchema,
      response: starterSchema,
      // A listing, like browse: the installed app may keep it for reading offline, which it
      // never does with a no-store answer (decision 136).
      cache: MEMBER_BROWSE_CACHE,
    },
    (deps, viewer, { id, ...from }) => getStarter(deps, viewer, { id, from }),
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

  const member = guardedRoutes(fastify, deps, 'member');
  member.post(
    '/api/starters/:id/fed',
    { params: starterIdParamsSchema, response: starterSchema },
    markFed,
  );
  member.delete('/api/starters/:id', { params: starterIdParamsSchema, status: 204 }, deleteStarter);
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
  const member = guardedRoutes(fastify, deps, 'member');
  // Each changes the listing's terms, then answers the listing as its owner now sees it.
  const thenTheListing =
    <I extends { id: number }>(
      change: (deps: AppDeps, actor: SessionUser, input: I) => Promise<void>,
    ) =>
    async (deps: AppDeps, actor: SessionUser, input: I) => {
      await change(deps, actor, input);
      return getStarter(deps, actor, { id: input.id });
    };
  const terms = { params: starterIdParamsSchema, bodyLimit: SMALL_BODY, response: starterSchema };
  member.post(
    '/api/starters/:id/renew',
    { ...terms, body: renewStarterSchema },
    thenTheListing(renewStarter),
  );
  member.post(
    '/api/starters/:id/portions',
    { ...terms, body: addPortionsSchema },
    thenTheListing(addPortions),
  );
}
