import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '../../../../common/conversations/messages';
import type { AppDeps } from '../../deps';
import { requireUser, sessionIsActive } from '../../plugins/sessions';

/** Proxies drop connections that stay silent; a comment line every so often keeps it open. */
const HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting on its own. */
const RETRY_MS = 3_000;

/**
 * GET /api/events — Server-Sent Events for the signed-in member. Events carry ids only; the
 * client refetches what changed, so a missed event costs nothing but a refetch on reconnect.
 */
export async function eventsRoutes(
  app: FastifyInstance,
  { live, db, heartbeatMs = HEARTBEAT_MS }: Pick<AppDeps, 'live' | 'db'> & { heartbeatMs?: number },
) {
  app.get('/api/events', async (request, reply) => {
    const user = requireUser(request);
    const sessionHash = request.sessionHash!;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    });

    let closed = false;
    const write = (chunk: string) => {
      if (!closed && !res.writableEnded) res.write(chunk);
    };
    const detach = live.attach(user.id, {
      send: (event: LiveEvent) => write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
      close: () => finish(),
    });
    // A stream outlives the request that opened it: once the session ends (sign-out, ban,
    // suspension) the stream ends too, at the next heartbeat.
    const heartbeat = setInterval(() => {
      sessionIsActive(db, sessionHash).then(
        (active) => (active ? write(': heartbeat\n\n') : finish()),
        (err: unknown) => request.log.warn({ err }, 'live stream session check failed'),
      );
    }, heartbeatMs);
    heartbeat.unref();

    function finish() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      detach();
      if (!res.writableEnded) res.end();
    }
    // The response's 'close' fires when the client goes away (the request's fires early).
    res.on('close', finish);

    // Subscribed before this line goes out: a client that has read it will not miss an event.
    write(`retry: ${RETRY_MS}\n: connected\n\n`);
  });
}
