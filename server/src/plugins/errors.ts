import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../../common/site/errors';
import { isDatabaseUnavailable, sqlState } from '../db/errors';
import { HttpError } from '../errors';
import { requestLanguage } from '../i18n/translate';
import { translateMessage } from '../i18n/wording';

const PG_UNIQUE_VIOLATION = '23505';
const PG_CHECK_VIOLATION = '23514';
const PG_FOREIGN_KEY_VIOLATION = '23503';
const PG_INVALID_TEXT = '22P02';
const PG_NUMERIC_OUT_OF_RANGE = '22003';
// NUL and unpaired surrogates: the schemas refuse them first, this keeps any that slip by a 400.
const PG_INVALID_BYTE_SEQUENCE = '22021';
const PG_UNTRANSLATABLE_CHARACTER = '22P05';
/** Long enough for a restarting server to come back, short enough that nobody gives up. */
const UNAVAILABLE_RETRY_SECONDS = 5;

function fieldName(instancePath: string | undefined, params: unknown): string {
  const fromPath = (instancePath ?? '').split('/').filter(Boolean).join('.');
  if (fromPath) return fromPath;
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return missing ?? '';
}

/** One error format for every failure (docs/ARCHITECTURE.md, rule 3); 5xx bodies never carry detail. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // In the caller's language where the catalogue has the message (decision 090).
    const language = requestLanguage(request);
    const say = (text: string) => translateMessage(language, text);
    const send = (status: number, body: Omit<ApiErrorBody, 'requestId'>) =>
      reply.status(status).send({
        ...body,
        message: say(body.message),
        fields: body.fields
          ? Object.fromEntries(Object.entries(body.fields).map(([k, v]) => [k, say(v)]))
          : undefined,
        requestId: request.id,
      } satisfies ApiErrorBody);

    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return send(err.statusCode, { message: err.message, code: err.code, fields: err.fields });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const name = fieldName(issue.instancePath, issue.params);
        if (name && !fields[name]) fields[name] = issue.message ?? 'Invalid input';
      }
      const first = err.validation[0];
      return send(400, {
        message: first?.message ?? 'Invalid input',
        code: 'validation_failed',
        fields: Object.keys(fields).length ? fields : undefined,
      });
    }
    // Before anything else about the error: a dropped connection is no fault of the request.
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
      return send(503, { message: 'Service temporarily unavailable', code: 'unavailable' });
    }
    switch (sqlState(err)) {
      case PG_UNIQUE_VIOLATION:
        return send(409, { message: 'That already exists', code: 'conflict' });
      case PG_CHECK_VIOLATION:
      case PG_INVALID_TEXT:
      case PG_NUMERIC_OUT_OF_RANGE:
      case PG_INVALID_BYTE_SEQUENCE:
      case PG_UNTRANSLATABLE_CHARACTER:
        return send(400, { message: 'Invalid input', code: 'bad_request' });
      case PG_FOREIGN_KEY_VIOLATION:
        return send(404, { message: 'Not found', code: 'not_found' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
        return send(400, { message: 'Malformed JSON body', code: 'malformed_json' });
      }
      if (status === 413)
        return send(413, { message: 'Request body is too large', code: 'too_large' });
      if (status === 415) {
        return send(415, { message: 'Unsupported content type', code: 'unsupported_media_type' });
      }
      return send(status, { message: err.message || 'Bad request', code: 'bad_request' });
    }
    request.log.error({ err }, 'unhandled error');
    return send(500, { message: 'Something went wrong', code: 'internal_error' });
  });
});
