import type { FastifyInstance, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import {
  moderatorsOnly,
  requireModerator,
  requireUser,
  signedInOnly,
  type SessionUser,
} from '../plugins/sessions';
import { moderationScope } from './stewards';

/** What a route parses: a part it declares no schema for adds nothing to the service's input. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A declared route's schemas: its answer is what its service returns, with `status`. */
export interface GuardedSchemas<P, Q, B, R extends z.ZodType> {
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The answer's schema; its status is 200 unless `status` says 201 (something was made), 202
   * (accepted: a mail is on its way) or 204 (something went: no body, whatever the service
   * returns).
   */
  response?: R;
  status?: 200 | 201 | 202 | 204;
  bodyLimit?: number;
  /** The answer's `cache-control`, where it says more than the server's default. */
  cache?: string;
}

/**
 * A service as a route calls it: the app's parts, the caller and the request's one input (and
 * the request itself, for what else it says: the reader's language).
 */
type Service<C, P, Q, B, R extends z.ZodType> = (
  deps: AppDeps,
  caller: C,
  input: Parsed<P> & Parsed<Q> & Parsed<B>,
  request: FastifyRequest,
) => Promise<z.input<R>> | z.input<R>;

type Declare<C> = <
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  url: string,
  schemas: GuardedSchemas<P, Q, B, R>,
  service: Service<C, P, Q, B, R>,
) => void;

type Declarers<C> = Record<'get' | 'post' | 'put' | 'patch' | 'delete', Declare<C>>;

/** Who may call: any member, moderators and stewards (decision 166), or moderators alone. */
export type GuardedCaller = 'member' | 'steward' | 'moderator';

/**
 * Routes only members (or only moderators, or moderators and stewards) may call, each declared as its URL, its schemas and
 * the service that answers. Who may call is settled on request, before the body is read
 * (`signedInOnly`, `moderatorsOnly`); the service is given that caller and one input: the parsed
 * path parameters, query and body together, each only when the route declares its schema, so a
 * caller's extra keys never reach a service.
 */
export function guardedRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  who: GuardedCaller,
): Declarers<SessionUser> {
  const moderator = who === 'moderator';
  // A steward's area narrows what the service finds; here only whether they steward at all.
  const stewardsToo = async (request: FastifyRequest) =>
    void (await moderationScope(deps.db, requireUser(request)));
  const onRequest = moderator ? moderatorsOnly : who === 'steward' ? stewardsToo : signedInOnly;
  return declarers(app, deps, onRequest, moderator ? requireModerator : requireUser);
}

/**
 * Routes anyone may call, visitors too, declared the same way: the service is given the
 * signed-in member, or `null` for a visitor.
 */
export function openRoutes(app: FastifyInstance, deps: AppDeps): Declarers<SessionUser | null> {
  return declarers(app, deps, undefined, (request) => request.user);
}

function declarers<C>(
  app: FastifyInstance,
  deps: AppDeps,
  onRequest: ((request: FastifyRequest) => Promise<void>) | undefined,
  callerOf: (request: FastifyRequest) => C,
): Declarers<C> {
  const declare =
    (method: HTTPMethods): Declare<C> =>
    (url, { params, query, body, response, status = 200, bodyLimit, cache }, service) => {
      const schema: FastifySchema = response ? { response: { [status]: response } } : {};
      if (params) schema.params = params;
      if (query) schema.querystring = query;
      if (body) schema.body = body;
      app.route({
        method,
        url,
        ...(onRequest ? { onRequest } : {}),
        ...(bodyLimit === undefined ? {} : { bodyLimit }),
        schema,
        handler: async (request, reply) => {
          const caller = callerOf(request);
          const input = {
            ...(query ? (request.query as object) : {}),
            ...(body ? (request.body as object) : {}),
            ...(params ? (request.params as object) : {}),
          };
          const answer = await service(deps, caller, input as never, request);
          if (cache) reply.header('cache-control', cache);
          return status === 204 ? reply.status(204).send() : reply.status(status).send(answer);
        },
      });
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}
