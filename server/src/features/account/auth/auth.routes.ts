import { requestLanguage } from '../../../i18n/translate';
import { noticeFor, requestRegion } from '../../../i18n/wording';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmationDetailsSchema,
  confirmEmailSchema,
  noticeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  returnPathQuerySchema,
  signInSchema,
  signUpSchema,
} from '../../../../../common/members/auth';
import { currentUserSchema } from '../../../../../common/members/users';
import type { AppDeps } from '../../../deps';
import { HttpError } from '../../../errors';
import { siteUrl } from '../../../config';
import { isCrossSite } from '../../../plugins/security';
import { requireUser, signedInOnly } from '../../../plugins/sessions';
import {
  confirmationDetails,
  confirmEmail,
  confirmPasswordReset,
  requestAccountLink,
  resendConfirmation,
  revertEmailChange,
  signInWithLink,
} from './account-mail.service';
import { signIn, signUp, toCurrentUser, toCurrentUserWithTrust } from './auth.service';
import { signInExternal } from './external-accounts.service';
import { createOidcClient, type PendingLogin } from './oidc-client';

export const OIDC_COOKIE = 'cs_oidc';
/** Read once by the sign-in page to explain why an external sign-in did not finish. */
export const LOGIN_ERROR_COOKIE = 'cs_login_error';
const OIDC_COOKIE_PATH = '/api/login';
const PENDING_LOGIN_SECONDS = 10 * 60;
export const EXTERNAL_SIGN_IN_FAILED = 'External sign-in failed. Please try again.';

const pendingLoginSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  redirectUri: z.url(),
});

function readPending(raw: string | undefined): PendingLogin | null {
  if (!raw) return null;
  try {
    const parsed = pendingLoginSchema.safeParse(
      JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function secureCookies(config: AppDeps['config'], request: FastifyRequest) {
  return request.protocol === 'https' || (config.publicUrl?.startsWith('https://') ?? false);
}

function noStore(reply: FastifyReply) {
  return reply.header('cache-control', 'no-store');
}

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  signInRoutes(app, deps);
  emailRoutes(app, deps);
  accountLinkRoutes(app, deps);
  externalSignInRoutes(app, deps);
}

/** Signing up, signing in and out with a password, and who is signed in. */
function signInRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/signup',
    {
      schema: {
        body: signUpSchema,
        querystring: returnPathQuerySchema,
        response: { 201: noticeSchema },
      },
    },
    async (request, reply) => {
      // The new account keeps the language its member signed up in, and is mailed in it.
      const language = requestLanguage(request);
      await signUp(deps, {
        ...request.body,
        clientAddress: request.ip,
        next: request.query.next,
        language,
        localeRegion: requestRegion(request),
      });
      return reply.code(201).send(noticeFor(request, { key: 'messages:signedUp' }));
    },
  );

  r.post(
    '/api/auth/login',
    {
      schema: {
        body: signInSchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request, reply) => {
      const user = await signIn(deps, { ...request.body, clientAddress: request.ip });
      await app.sessions.start(request, reply, user.id);
      noStore(reply);
      return toCurrentUser(user);
    },
  );

  r.get(
    '/api/auth/user',
    { schema: { response: { 200: currentUserSchema } } },
    async (request, reply) => {
      noStore(reply);
      return toCurrentUserWithTrust(deps.db, requireUser(request));
    },
  );

  // Sign Out is a plain link (spec), so it stays a GET; another site's link or <img> must not
  // end the session, so such a request lands on the home page still signed in.
  r.get('/api/logout', async (request, reply) => {
    if (!isCrossSite(request, config.publicUrl)) await app.sessions.end(request, reply);
    noStore(reply);
    return reply.redirect('/', 302);
  });
}

/** Confirming an address, and undoing a change of address. */
function emailRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Anyone holding the link may confirm (often in another browser than the one signed in).
  r.post(
    '/api/auth/confirm-email',
    { schema: { body: confirmEmailSchema, response: { 200: noticeSchema } } },
    async (request) => {
      await confirmEmail(deps, request.body.token, {
        sessionHash: request.sessionHash,
        signedInAs: request.user?.id ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return noticeFor(request, { key: 'messages:confirmed' });
    },
  );

  // The confirmation page names the account before anyone presses its button: opening the
  // link (as mail scanners do) confirms nothing.
  r.post(
    '/api/auth/confirm-email/details',
    { schema: { body: confirmEmailSchema, response: { 200: confirmationDetailsSchema } } },
    async (request) => confirmationDetails(deps, request.body.token),
  );

  r.post(
    '/api/auth/email-change/undo',
    { schema: { body: confirmEmailSchema, response: { 200: noticeSchema } } },
    async (request, reply) => {
      await revertEmailChange(deps, request.body.token);
      await app.sessions.end(request, reply);
      return noticeFor(request, { key: 'messages:addressRestored' });
    },
  );

  r.post(
    '/api/auth/confirm-email/resend',
    {
      onRequest: signedInOnly,
      schema: { querystring: returnPathQuerySchema, response: { 200: noticeSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await resendConfirmation(deps, user, request.query.next);
      return noticeFor(request, { key: 'auth:unconfirmed.resent', values: { email: user.email } });
    },
  );
}

/** Mailed links: signing in by link, and setting a new password. */
function accountLinkRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/sign-in-link',
    { schema: { body: passwordResetRequestSchema, response: { 202: noticeSchema } } },
    async (request, reply) => {
      await requestAccountLink(deps, {
        email: request.body.email,
        clientAddress: request.ip,
        purpose: 'signin',
      });
      return reply.code(202).send(noticeFor(request, { key: 'messages:signInLinkRequested' }));
    },
  );

  r.post(
    '/api/auth/sign-in-link/confirm',
    { schema: { body: confirmEmailSchema, response: { 200: currentUserSchema } } },
    async (request, reply) => {
      const user = await signInWithLink(deps, request.body.token);
      await app.sessions.start(request, reply, user.id);
      noStore(reply);
      return toCurrentUser(user);
    },
  );

  r.post(
    '/api/auth/password-reset',
    { schema: { body: passwordResetRequestSchema, response: { 202: noticeSchema } } },
    async (request, reply) => {
      await requestAccountLink(deps, {
        email: request.body.email,
        clientAddress: request.ip,
        purpose: 'reset',
      });
      return reply.code(202).send(noticeFor(request, { key: 'messages:resetRequested' }));
    },
  );

  r.post(
    '/api/auth/password-reset/confirm',
    { schema: { body: passwordResetSchema, response: { 200: noticeSchema } } },
    async (request) => {
      await confirmPasswordReset(deps, request.body, {
        userAgent: request.headers['user-agent'] ?? null,
      });
      return noticeFor(request, { key: 'messages:passwordChanged' });
    },
  );
}

function failExternal(
  config: AppDeps['config'],
  request: FastifyRequest,
  reply: FastifyReply,
  message: string,
) {
  reply.clearCookie(OIDC_COOKIE, { path: OIDC_COOKIE_PATH });
  reply.setCookie(LOGIN_ERROR_COOKIE, message, {
    path: '/',
    sameSite: 'lax',
    secure: secureCookies(config, request),
    maxAge: 60,
  });
  noStore(reply);
  return reply.redirect('/login', 302);
}

/** Signing in through the external provider (OIDC), when one is set. */
function externalSignInRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const oidc = config.oidc ? createOidcClient(config.oidc) : null;

  r.get('/api/login', async (request, reply) => {
    if (!oidc) return reply.redirect('/login', 302);
    let started;
    try {
      started = await oidc.begin(`${siteUrl(config)}/api/login/callback`);
    } catch (err) {
      request.log.warn({ err }, 'external sign-in provider unavailable');
      return failExternal(
        config,
        request,
        reply,
        'The sign-in provider is not reachable right now. Please try again later.',
      );
    }
    // The browser keeps what the callback must check; SameSite=Lax still sends it on the
    // provider's top-level redirect back, and it only works together with that sign-in's code.
    reply.setCookie(
      OIDC_COOKIE,
      Buffer.from(JSON.stringify(started.pending)).toString('base64url'),
      {
        path: OIDC_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies(config, request),
        maxAge: PENDING_LOGIN_SECONDS,
      },
    );
    noStore(reply);
    return reply.redirect(started.url.toString(), 302);
  });

  r.get('/api/login/callback', async (request, reply) => {
    if (!oidc) return reply.redirect('/login', 302);
    const pending = readPending(request.cookies[OIDC_COOKIE]);
    // Each pending sign-in is good for one callback, whatever its outcome.
    reply.clearCookie(OIDC_COOKIE, { path: OIDC_COOKIE_PATH });
    if (!pending) return failExternal(config, request, reply, EXTERNAL_SIGN_IN_FAILED);
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    let user;
    try {
      const profile = await oidc.finish(query, pending);
      user = await signInExternal(deps, profile);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500) {
        return failExternal(config, request, reply, err.message);
      }
      // Never log the error's request details: they can carry the code and state.
      request.log.warn(
        { reason: err instanceof Error ? `${err.name}: ${err.message}` : 'unknown' },
        'external sign-in refused',
      );
      return failExternal(config, request, reply, EXTERNAL_SIGN_IN_FAILED);
    }
    await app.sessions.start(request, reply, user.id);
    noStore(reply);
    return reply.redirect('/', 302);
  });
}
