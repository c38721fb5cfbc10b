import webpush from 'web-push';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pushKeys } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_NAME = 'vapid';
const loaded = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The key pair every push is signed with: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else
 * the pair kept in the database, made by whichever copy asks first. The insert does nothing when
 * another copy won the race, and every copy then reads the one stored pair.
 */
export function vapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  if (config.push.vapid) return Promise.resolve(config.push.vapid);
  let keys = loaded.get(db);
  if (!keys) {
    keys = (async () => {
      const made = webpush.generateVAPIDKeys();
      await db
        .insert(pushKeys)
        .values({ name: KEY_NAME, publicKey: made.publicKey, privateKey: made.privateKey })
        .onConflictDoNothing();
      const [row] = await db.select().from(pushKeys).where(eq(pushKeys.name, KEY_NAME));
      return { publicKey: row!.publicKey, privateKey: row!.privateKey };
    })();
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}

/** RFC 8292's `sub`: the site's https address, else the mail sender, so a push service can reach us. */
export function vapidSubject(config: Config): string {
  if (config.publicUrl?.startsWith('https://')) return config.publicUrl;
  const address = config.mail.from.match(/<([^>]+)>/)?.[1] ?? config.mail.from;
  return `mailto:${address.trim()}`;
}
