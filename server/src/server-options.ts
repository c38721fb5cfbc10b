import type { ServerOptions } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { errorForLog } from './db/errors';

/**
 * Every address that carries a key in its path (a mail's stop links: whoever reads the log must
 * not be able to change the member's choices). One list: the server's routes and the app's
 * pages with a `:key` or `:token` parameter; server-options.test.ts walks every registered route
 * and page to hold it complete.
 */
export const KEYED_PATHS = [
  '/api/mail/unsubscribe/:key',
  '/api/mail/unsubscribe/:key/:kind',
  '/mail/stop/:key/:kind',
  '/api/alerts/stop/:key/:id',
  '/alerts/stop/:key/:id',
] as const;

const KEYED = KEYED_PATHS.map((pattern) => {
  const parts = pattern.split('/');
  return { parts, secret: parts.map((p) => p === ':key' || p === ':token') };
});

/** The path with every key in it written `[key]`. */
export function redactPath(path: string): string {
  const segments = path.split('/');
  for (const { parts, secret } of KEYED) {
    if (parts.length !== segments.length) continue;
    const fits = parts.every(
      (part, i) => part.startsWith(':') || part.toLowerCase() === segments[i]!.toLowerCase(),
    );
    if (fits) return segments.map((s, i) => (secret[i] ? '[key]' : s)).join('/');
  }
  return path;
}

/**
 * Keeps query strings (OIDC codes, tokens), mail keys, cookies and database parameters (password hashes,
 * emails, message text) out of the log. `stream` lets a test read what would be written.
 */
export function loggerOptions(
  config: Config,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    stream,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req) => ({
        method: req.method,
        path: redactPath(req.url.split('?')[0] ?? ''),
        reqId: req.id,
        remoteAddress: req.ip,
      }),
      err: errorForLog,
    },
  };
}

/** Silence on a socket for this long ends it; the live events heartbeat (25 s) stays below. */
const IDLE_TIMEOUT_MS = 60_000;
/** Above the 60 s idle timeout of common proxies, so the proxy closes a spare connection first. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
const HEADERS_TIMEOUT_MS = 20_000;

/**
 * Bounds on how long a client may hold a connection: the whole request (headers and body)
 * within `requestTimeoutSeconds`, the headers within 20 s, and no silence longer than a
 * minute. A response may take as long as it keeps talking, which the event stream relies on.
 */
export function timeoutOptions(config: Config): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  const requestTimeout = config.requestTimeoutSeconds * 1000;
  return {
    requestTimeout,
    connectionTimeout: IDLE_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      // Node only looks for overdue requests this often (30 s by default), which would let a
      // slow body live up to that much past its deadline.
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, requestTimeout / 4)),
    },
  };
}
