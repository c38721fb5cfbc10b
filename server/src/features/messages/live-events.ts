import type { FastifyBaseLogger } from 'fastify';
import { liveEventSchema, type LiveEvent } from '../../../../common/conversations/messages';
import type { Database } from '../../db/client';
import { z } from 'zod';

/** The Postgres channel every server copy listens on. */
export const LIVE_CHANNEL = 'cultureshare_live';

/** A member keeps a few tabs open; more than this per copy is someone leaking connections. */
const MAX_STREAMS_PER_USER = 10;

const envelopeSchema = z.object({ to: z.array(z.string()).min(1), event: liveEventSchema });

export interface LiveStream {
  send(event: LiveEvent): void;
  close(): void;
}

export interface LiveEvents {
  /** Tells every copy, through Postgres NOTIFY, to pass `event` to these members' streams; never throws. */
  publish(to: string[], event: LiveEvent): Promise<void>;
  /** Registers a stream of `userId` on this copy; returns the function that removes it. */
  attach(userId: string, stream: LiveStream): () => void;
  /** Streams open on this copy now. */
  streamCount(): number;
  /** Ends every stream on this copy and stops listening. */
  close(): Promise<void>;
}

/**
 * Publishing without holding streams, for work done outside a request (a background task):
 * every copy still passes the event to the streams it holds.
 */
export function livePublisher(
  database: Pick<Database, 'notify'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Pick<LiveEvents, 'publish'> {
  return {
    async publish(to, event) {
      // Best effort: what the event announces is already stored, and clients refetch on
      // reconnect; a lost event must not fail the write that caused it.
      await database
        .notify(LIVE_CHANNEL, JSON.stringify({ to, event }))
        .catch((err: unknown) => log.warn({ err }, 'live publish failed'));
    },
  };
}

/**
 * Fan-out of live events: a copy never pushes straight to its own streams, it NOTIFYs and
 * every copy (itself included) pushes to the streams it holds. That way two copies behind one
 * Postgres behave as one, and one copy behaves exactly like many.
 */
export async function createLiveEvents(
  database: Database,
  log: FastifyBaseLogger,
): Promise<LiveEvents> {
  const streams = new Map<string, Set<LiveStream>>();

  const deliver = (payload: string) => {
    let parsed: z.infer<typeof envelopeSchema>;
    try {
      parsed = envelopeSchema.parse(JSON.parse(payload));
    } catch (err) {
      log.warn({ err }, 'ignoring malformed live event');
      return;
    }
    for (const userId of new Set(parsed.to)) {
      for (const stream of streams.get(userId) ?? []) {
        try {
          stream.send(parsed.event);
        } catch (err) {
          log.debug({ err }, 'live stream write failed');
        }
      }
    }
  };

  const unlisten = await database.listen(LIVE_CHANNEL, deliver);

  return {
    publish: livePublisher(database, log).publish,
    attach(userId, stream) {
      let set = streams.get(userId);
      if (!set) streams.set(userId, (set = new Set()));
      if (set.size >= MAX_STREAMS_PER_USER) {
        const oldest = set.values().next().value;
        if (oldest) {
          set.delete(oldest);
          oldest.close();
        }
      }
      set.add(stream);
      return () => {
        set.delete(stream);
        if (set.size === 0 && streams.get(userId) === set) streams.delete(userId);
      };
    },
    streamCount() {
      let count = 0;
      for (const set of streams.values()) count += set.size;
      return count;
    },
    async close() {
      for (const set of streams.values()) for (const stream of set) stream.close();
      streams.clear();
      await unlisten().catch((err: unknown) => log.debug({ err }, 'unlisten failed'));
    },
  };
}
