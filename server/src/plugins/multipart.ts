import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route reads a multipart/form-data body itself (`request.parts(limits)`). */
    multipart?: boolean;
  }
}

/**
 * Multipart parsing for the app, with limits that take nothing: a route that reads a form
 * opts in with `config: { multipart: true }` and passes its own limits to `request.parts()`.
 * Every other route answers a multipart body with 415, as it would any type it does not take,
 * so a cross-site HTML form cannot reach a JSON route.
 */
async function multipart(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: { files: 0, fields: 0, parts: 0, fileSize: 0, fieldSize: 0 },
  });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !request.routeOptions.config.multipart) {
      throw new HttpError(415, 'unsupported_media_type', 'Unsupported content type');
    }
  });
}

export const multipartPlugin = fp(multipart, { name: 'multipart' });
