import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { textProblem } from '../../../common/site/text';
import { forbidden, HttpError } from '../errors';

/** The policy; `imgSources` adds the map tile server's origin when one is set (decision 082). */
const policy = (imgSources: string[]) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    // Radix primitives set inline style attributes and a scroll-lock <style>; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imgSources].join(' '),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The schemas refuse control characters in the query fields they know; this covers every other
 * query value a route reads, so none of them reaches the database or the log unchecked.
 */
function queryProblems(query: unknown): Record<string, string> | undefined {
  if (!query || typeof query !== 'object') return undefined;
  let fields: Record<string, string> | undefined;
  for (const [name, raw] of Object.entries(query as Record<string, unknown>)) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      const problem = typeof value === 'string' ? textProblem(value) : undefined;
      if (problem) (fields ??= {})[name] ??= problem;
    }
  }
  return fields;
}

function isSecure(request: FastifyRequest, publicUrl?: string): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https://') ?? false);
}

/**
 * Whether a request comes from another site. With PUBLIC_URL set, the Origin must be exactly its
 * origin (scheme, host and port): the Host header is the caller's to choose, so it decides
 * nothing. Without one (a laptop, tests) the Origin's host must be the host the request names.
 */
export function isCrossSite(request: FastifyRequest, publicUrl?: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === 'null') return true;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return true;
  }
  if (publicUrl) return from.origin !== new URL(publicUrl).origin;
  try {
    return from.host !== new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    // a malformed Host header matches nothing
    return true;
  }
}

/** Security headers on every response, and no state change from another site. */
type SecurityOptions = { publicUrl?: string; mapTilesSource?: string | null };

export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  const CSP = policy(opts.mapTilesSource ? [opts.mapTilesSource] : []);
  app.addHook('onRequest', async (request) => {
    if (STATE_CHANGING.has(request.method) && isCrossSite(request, opts.publicUrl)) {
      throw forbidden('Cross-site requests are not allowed');
    }
  });

  // After the routes' own checks, so a visitor still meets 401 and a schema its own message.
  app.addHook('preHandler', async (request) => {
    const fields = queryProblems(request.query);
    if (fields) throw new HttpError(400, 'validation_failed', Object.values(fields)[0]!, fields);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self)');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CSP);
    // Answers that say nothing about caching are API answers, many of them one member's own
    // (threads, reports, profile): no shared cache may keep them. Photos, pages and assets set
    // their own policy.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    if (isSecure(request, opts.publicUrl)) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
});
