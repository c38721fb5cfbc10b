import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * A copy's way out of a load balancer's rotation. Once draining, /readyz answers 503 so the
 * balancer stops sending new requests, while the copy keeps listening and answering until the
 * requests already in flight have finished; only then does it close.
 */
export interface Drain {
  readonly draining: boolean;
  /** Starts draining (idempotent). */
  start(): void;
  /**
   * Resolves once no request is in flight, or after `timeoutMs`. Live event streams (handed
   * over to their route with `reply.hijack()`) never finish by themselves and do not count;
   * they are ended when the server closes.
   */
  settled(timeoutMs: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

const POLL_MS = 20;

export function installDrain(app: FastifyInstance): Drain {
  const inFlight = new Set<FastifyReply>();
  let draining = false;
  app.addHook('onRequest', async (_request, reply) => {
    inFlight.add(reply);
    reply.raw.once('close', () => inFlight.delete(reply));
  });
  // Keep-alive connections are not reused while draining, so clients move to another copy.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  const drain: Drain = {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
    },
    settled(timeoutMs) {
      const until = Date.now() + timeoutMs;
      return new Promise((resolve) => {
        const check = () => {
          const busy = [...inFlight].some((reply) => !reply.sent);
          if (!busy || Date.now() >= until) resolve();
          else setTimeout(check, POLL_MS).unref();
        };
        check();
      });
    },
  };
  app.decorate('drain', drain);
  return drain;
}
