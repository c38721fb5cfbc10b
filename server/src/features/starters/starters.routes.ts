import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE } from '../../../../common/constants';
import {
  createStarterSchema,
  starterListQuerySchema,
  starterListSchema,
  starterSchema,
  updateStarterSchema,
} from '../../../../common/starters';
import type { AppDeps } from '../../app';
import { badRequest, HttpError } from '../../errors';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { withLinkPreview } from './link-preview';
import { LISTING_CHANGED_CHANNEL, ListingCache } from './listing-cache';
import {
  createStarter,
  deleteStarter,
  getPhoto,
  getStarter,
  listStarters,
  markClaimed,
  myStarters,
} from './starters.service';

const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Invalid starter ID')
    .transform(Number),
});

const photoParams = z.object({ id: z.uuid('Photo not found') });

const TEXT_FIELDS = new Set([
  'title',
  'description',
  'category',
  'subcategory',
  'starterType',
  'customDescription',
  'location',
]);

function validationError(error: z.ZodError): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !fields[name]) fields[name] = issue.message;
  }
  return new HttpError(
    400,
    'validation_failed',
    error.issues[0]?.message ?? 'Invalid input',
    fields,
  );
}

export async function startersRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const serviceDeps = { db, config: deps.config, limiter: deps.limiter };

  const listings = new ListingCache();
  const unlisten = await deps.database.listen(LISTING_CHANGED_CHANNEL, () => listings.clear());
  app.addHook('onClose', async () => unlisten());
  // A change made through this copy shows at once, before the notification comes back.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      listings.clear();
    }
  });

  // Scoped to these routes: the rest of the API takes JSON only.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: PHOTO_MAX_BYTES,
      files: 1,
      fields: 20,
      fieldSize: 64 * 1024,
      fieldNameSize: 100,
      parts: 21,
      headerPairs: 100,
    },
  });

  app.get(
    '/api/starters',
    {
      // The answer is checked against starterListSchema when it is computed, then cached as JSON.
      schema: { querystring: starterListQuerySchema },
    },
    async (request, reply) => {
      const { lat, lng } = request.query;
      if ((lat === undefined) !== (lng === undefined)) {
        throw badRequest('Send both lat and lng, or neither');
      }
      const json = await listings.get(ListingCache.keyOf(request.query, request.user), async () =>
        JSON.stringify(
          starterListSchema.parse(await listStarters(db, request.user, request.query)),
        ),
      );
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    '/api/starters/my',
    { schema: { response: { 200: z.array(starterSchema) } } },
    async (request) => myStarters(db, requireUser(request)),
  );

  app.get(
    '/api/starters/:id',
    { schema: { params: idParams, response: { 200: starterSchema } } },
    async (request) => getStarter(db, request.user, request.params.id),
  );

  app.post(
    '/api/starters',
    { schema: { response: { 201: starterSchema } } },
    async (request, reply) => {
      const actor = requireUser(request);
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          'Send the starter as multipart/form-data',
        );
      }
      const fields: Record<string, string> = {};
      let photo: Buffer | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'image') {
            part.file.resume();
            throw badRequest('Only one photo, in the "image" field, can be uploaded');
          }
          try {
            // Streams into memory and stops at 5 MiB + 1 byte.
            photo = await part.toBuffer();
          } catch (err) {
            if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
              throw new HttpError(413, 'too_large', PHOTO_TOO_LARGE, { image: PHOTO_TOO_LARGE });
            }
            throw err;
          }
          // A form with an empty file input still sends the part.
          if (photo.length === 0) photo = undefined;
        } else if (TEXT_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      const parsed = createStarterSchema.safeParse({
        title: fields.title ?? '',
        description: fields.description ?? '',
        category: fields.category ?? '',
        subcategory: fields.subcategory ?? '',
        starterType: fields.starterType ?? '',
        customDescription: fields.customDescription,
        location: fields.location ?? '',
      });
      if (!parsed.success) throw validationError(parsed.error);
      const starter = await createStarter(serviceDeps, actor, parsed.data, photo);
      return reply.status(201).send(starter);
    },
  );

  app.patch(
    '/api/starters/:id',
    {
      preValidation: signedInOnly,
      schema: { params: idParams, body: updateStarterSchema, response: { 200: starterSchema } },
    },
    async (request) => markClaimed(db, requireUser(request), request.params.id),
  );

  app.delete(
    '/api/starters/:id',
    { preValidation: signedInOnly, schema: { params: idParams } },
    async (request, reply) => {
      await deleteStarter(db, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  for (const variant of ['full', 'thumb'] as const) {
    app.get(
      `/api/photos/:id/${variant}.webp`,
      { schema: { params: photoParams } },
      async (request, reply) => {
        const photo = await getPhoto(db, request.user, request.params.id, variant);
        return reply
          .header(
            'cache-control',
            photo.isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store',
          )
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', 'sandbox')
          .type('image/webp')
          .send(photo.bytes);
      },
    );
  }

  // The page itself is the client app's; this only fills in the link-preview tags.
  // The built client does not change while the server runs: read its page once.
  const indexPath = path.resolve(deps.config.clientDist, 'index.html');
  const indexHtml = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : undefined;
  app.get('/starter/:id', async (request, reply) => {
    if (indexHtml === undefined) return reply.callNotFound();
    const html = indexHtml;
    const raw = (request.params as { id?: string }).id ?? '';
    // Previews describe public starters only, whoever follows the link.
    const starter = /^\d{1,9}$/.test(raw)
      ? await getStarter(db, null, Number(raw)).catch(() => null)
      : null;
    const origin = deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(starter ? withLinkPreview(html, starter, origin) : html);
  });
}
