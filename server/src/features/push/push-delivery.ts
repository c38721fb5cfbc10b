import { pushFailed, pushSent } from '../metrics/delivery-counters';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import * as clock from '../../clock/clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { pushOutbox, pushSubscriptions } from '../../db/schema';
import { vapidKeys, vapidSubject } from './vapid';

/** A push still undelivered after this many tries is dropped: its news is stale by then. */
export const MAX_PUSH_ATTEMPTS = 8;
const MAX_BACKOFF_SECONDS = 60 * 60;
/** How long a claimed push stays with the copy sending it (well above one send's timeout). */
const LEASE_SECONDS = 60;
/** A push service may keep an undelivered push this long while the device is offline. */
const TTL_SECONDS = 24 * 60 * 60;

interface ClaimedPush {
  id: number;
  subscription_id: number;
  payload: string;
  topic: string | null;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Seconds from a Retry-After header (seconds or an HTTP date), if it says anything usable. */
function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - clock.nowMs()) / 1000);
}

class PushRefused extends Error {
  constructor(
    readonly status: number,
    readonly retryAfter: string | null,
  ) {
    super(`HTTP ${status}`);
  }
}

/**
 * web-push encrypts (RFC 8291, aes128gcm) and signs (VAPID); the request itself goes through
 * fetch, which never follows a redirect away from the allowed push service.
 */
async function send(
  row: ClaimedPush,
  keys: { publicKey: string; privateKey: string },
  config: Config,
) {
  const details = webpush.generateRequestDetails(
    { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
    row.payload,
    {
      vapidDetails: { subject: vapidSubject(config), ...keys },
      contentEncoding: 'aes128gcm',
      TTL: TTL_SECONDS,
      urgency: 'high',
      ...(row.topic ? { topic: row.topic } : {}),
    },
  );
  const answer = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : null,
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  // Read the answer away so the connection can be reused.
  await answer.arrayBuffer().catch(() => undefined);
  return answer;
}

/**
 * Claims due pushes (FOR UPDATE SKIP LOCKED with a lease, as the mail outbox does) and sends
 * each, RFC 8291 aes128gcm-encrypted and VAPID-signed. 201: done. 404/410: the browser dropped
 * the subscription, so it goes (and its queued pushes with it). 429/5xx or no answer: tried
 * again with backoff, honouring Retry-After. Any other refusal drops that one push.
 */
export async function deliverDuePushes(
  { db, config }: { db: Db; config: Config },
  log: Pick<FastifyBaseLogger, 'info'>,
  limit = 20,
): Promise<number> {
  const claimed = rowsOf<ClaimedPush>(
    await db.execute(sql`
      UPDATE push_outbox o SET
        attempts = o.attempts + 1,
        next_attempt_at = ${clock.sqlNow()} + make_interval(secs => ${LEASE_SECONDS}::float8)
      FROM push_subscriptions s
      WHERE s.id = o.subscription_id AND o.id IN (
        SELECT id FROM push_outbox
        WHERE next_attempt_at <= ${clock.sqlNow()}
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING o.id, o.subscription_id, o.payload, o.topic, o.attempts, s.endpoint, s.p256dh, s.auth`),
  );
  if (claimed.length === 0) return 0;
  const keys = await vapidKeys(db, config);
  let sent = 0;
  for (const row of claimed) {
    try {
      const answer = await send(row, keys, config);
      if (answer.ok) {
        await db.delete(pushOutbox).where(eq(pushOutbox.id, row.id));
        sent += 1;
        pushSent.inc();
        continue;
      }
      throw new PushRefused(answer.status, answer.headers.get('retry-after'));
    } catch (err) {
      const status = err instanceof PushRefused ? err.status : undefined;
      pushFailed.inc();
      if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription_id));
        log.info({ subscriptionId: row.subscription_id, status }, 'push subscription gone');
        continue;
      }
      const retry = status === undefined || status === 429 || status >= 500;
      if (!retry || row.attempts >= MAX_PUSH_ATTEMPTS) {
        await db.delete(pushOutbox).where(eq(pushOutbox.id, row.id));
        log.info({ pushId: row.id, status, attempt: row.attempts }, 'push dropped');
        continue;
      }
      const backoff = Math.min(
        config.mail.retrySeconds * 2 ** (row.attempts - 1),
        MAX_BACKOFF_SECONDS,
      );
      const wait = Math.max(
        backoff,
        Math.min(
          retryAfterSeconds(err instanceof PushRefused ? err.retryAfter : null) ?? 0,
          MAX_BACKOFF_SECONDS,
        ),
      );
      await db
        .update(pushOutbox)
        .set({
          nextAttemptAt: new Date(clock.nowMs() + wait * 1000),
          lastError: status ? `HTTP ${status}` : err instanceof Error ? err.name : 'error',
        })
        .where(eq(pushOutbox.id, row.id));
      // No endpoint or payload in the log: which push and why only.
      log.info({ pushId: row.id, status, attempt: row.attempts }, 'push deferred');
    }
  }
  return sent;
}

/** The push job's run: sends due pushes until none are left or the server is stopping. */
export async function deliverPushBacklog(
  deps: { db: Db; config: Config },
  log: Pick<FastifyBaseLogger, 'info'>,
  stopping: () => boolean = () => false,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await deliverDuePushes(deps, log);
    sent += batch;
    if (batch === 0 || stopping()) return sent;
  }
}
