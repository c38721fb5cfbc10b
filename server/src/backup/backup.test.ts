import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import {
  migrationJournal,
  migrationsFolder,
  openPglite,
  openPostgres,
  type Database,
  type Db,
} from '../db/client';
import { rowsOf } from '../db/rows';
import { messagePhotos, messages, photos, starters, users } from '../db/schema';
import { createPostgresTestDatabase, type TestPostgresDatabase } from '../test/database';
import { signedInMember } from '../test/app';
import { multipart } from '../test/multipart';
import { backupFromServer } from './take-backup';
import { restoreBackup, type RestoreTarget } from './restore';
import { pruneBackups, scheduledBackupName, writeScheduledBackup } from './backup-job';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-backup-test-'));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  fs.rmSync(temp, { recursive: true, force: true });
});

let dirs = 0;
const newDir = () => path.join(temp, `d${++dirs}`);
const postgresUrl = process.env.TEST_DATABASE_URL;

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  CLIENT_DIST: '/nonexistent',
  LIMIT_STARTERS_PER_DAY: '1000',
  LIMIT_MESSAGES_PER_DAY: '1000',
});

/** A new, empty PostgreSQL database (not from the migrated template), dropped after the file. */
async function emptyPostgres(): Promise<string> {
  const pg = await import('pg');
  const name = `cultureshare_restore_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.default.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.default.Client({ connectionString: postgresUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Source {
  database: Database;
  app: FastifyInstance;
  where: { databaseUrl?: string; dataDir: string };
}

/** The app on an embedded database in its worker thread (as the server runs it), or Postgres. */
async function openSource(kind: 'pglite' | 'postgres'): Promise<Source> {
  const dataDir = newDir();
  let database: Database;
  let postgres: TestPostgresDatabase | undefined;
  if (kind === 'pglite') {
    database = await openPglite(dataDir, { template: inject('pgliteSnapshot') });
  } else {
    postgres = (await createPostgresTestDatabase())!;
    database = openPostgres(postgres.url);
  }
  const app = await buildApp({ config, database });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
    await postgres?.drop();
  });
  return { database, app, where: { databaseUrl: postgres?.url, dataDir } };
}

/** A phone photo, different for every writer and round, so a mixed-up photo shows. */
async function jpeg(seed: number) {
  const colour = `#${((seed * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`;
  return {
    filename: `photo-${seed}.jpg`,
    contentType: 'image/jpeg',
    data: await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
      .jpeg({ quality: 80 })
      .toBuffer(),
  };
}

/** Sends again after "too many photos at once" (503), as the app does; that one wrote nothing. */
async function untilNotBusy(send: () => Promise<LightMyRequestResponse>) {
  for (;;) {
    const res = await send();
    if (res.statusCode !== 503) return res;
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Acknowledged {
  starters: number[];
  messages: number[];
}

/**
 * Eight members each post a listing with a photo and a message with a photo to the next one's
 * listing, over and over until `stop`. Answers what was acknowledged before `began()` was
 * first true.
 */
function eightWriters(source: Source) {
  let stopped = false;
  let backupBegan = false;
  const acked: Acknowledged = { starters: [], messages: [] };
  const counted = { before: 0 };
  const run = (async () => {
    const members = await Promise.all(
      Array.from({ length: 8 }, () => signedInMember(source.database.db)),
    );
    const firstListing: number[] = [];
    const post = async (i: number, round: number) => {
      const body = multipart(
        {
          title: `Writer ${i} round ${round} sourdough`,
          description: 'A lively rye starter, fed every morning with wholemeal rye.',
          category: 'grain',
          subcategory: 'sourdough',
          starterType: 'Sourdough starter',
          location: 'Leeds',
        },
        await jpeg(i * 1000 + round),
      );
      const before = !backupBegan;
      const res = await untilNotBusy(() =>
        source.app.inject({
          method: 'POST',
          url: '/api/starters',
          headers: { ...body.headers, cookie: members[i]!.cookie },
          payload: body.payload,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<{ id: number }>().id;
      // Acknowledged before the backup began: sent and answered while it had not.
      if (before && !backupBegan) acked.starters.push(id);
      return id;
    };
    for (let i = 0; i < 8; i++) firstListing[i] = await post(i, 0);
    await Promise.all(
      members.map(async (member, i) => {
        const next = (i + 1) % 8;
        for (let round = 1; !stopped; round++) {
          await post(i, round);
          const body = multipart(
            {
              starterId: String(firstListing[next]),
              receiverId: members[next]!.user.id,
              content: `Writer ${i} asks, round ${round}`,
            },
            await jpeg(i * 1000 + round + 500),
          );
          const before = !backupBegan;
          const res = await untilNotBusy(() =>
            source.app.inject({
              method: 'POST',
              url: '/api/messages',
              headers: { ...body.headers, cookie: member.cookie },
              payload: body.payload,
            }),
          );
          expect(res.statusCode, res.body).toBe(201);
          if (before && !backupBegan) acked.messages.push(res.json<{ id: number }>().id);
          counted.before = acked.starters.length + acked.messages.length;
        }
      }),
    );
  })();
  return {
    acked,
    counted,
    begin: () => (backupBegan = true),
    async stop() {
      stopped = true;
      await run;
    },
  };
}

async function photoBytes(db: Db, acked: Acknowledged) {
  const listingPhotos = await db
    .select({ starterId: photos.starterId, full: photos.full, thumbnail: photos.thumbnail })
    .from(photos)
    .where(inArray(photos.starterId, acked.starters))
    .orderBy(photos.starterId);
  const sentPhotos = await db
    .select({
      messageId: messagePhotos.messageId,
      full: messagePhotos.full,
      thumbnail: messagePhotos.thumbnail,
    })
    .from(messagePhotos)
    .where(inArray(messagePhotos.messageId, acked.messages))
    .orderBy(messagePhotos.messageId);
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  return {
    listings: listingPhotos.map((p) => [p.starterId, hex(p.full), hex(p.thumbnail)]),
    messages: sentPhotos.map((p) => [p.messageId, hex(p.full), hex(p.thumbnail)]),
  };
}

async function contentOf(db: Db, acked: Acknowledged) {
  const listed = await db
    .select({ id: starters.id, title: starters.title, userId: starters.userId })
    .from(starters)
    .where(inArray(starters.id, acked.starters))
    .orderBy(starters.id);
  const sent = await db
    .select({ id: messages.id, content: messages.content, senderId: messages.senderId })
    .from(messages)
    .where(inArray(messages.id, acked.messages))
    .orderBy(messages.id);
  return { listed, sent, photos: await photoBytes(db, acked) };
}

async function openRestored(target: RestoreTarget): Promise<Database> {
  return target.kind === 'postgres'
    ? openPostgres(target.url)
    : openPglite(target.dataDir, { template: '' });
}

async function newTarget(kind: 'pglite' | 'postgres'): Promise<RestoreTarget> {
  return kind === 'postgres'
    ? { kind, url: await emptyPostgres() }
    : { kind, dataDir: newDir(), options: { template: inject('pgliteSnapshot') } };
}

const kinds = postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(kinds)('a backup of the %s database taken under eight writers', (from) => {
  let file: string;
  let expected: Awaited<ReturnType<typeof contentOf>>;
  let acked: Acknowledged;

  it('holds every write acknowledged before it began', async () => {
    const source = await openSource(from);
    const writers = eightWriters(source);
    while (writers.counted.before < 16) await new Promise((r) => setTimeout(r, 20));
    file = path.join(newDir() + '.backup.gz');
    writers.begin();
    const taken = backupFromServer(source.where, source.database, file);
    await taken;
    await writers.stop();
    acked = writers.acked;
    expect(acked.starters.length).toBeGreaterThanOrEqual(8);
    expect(acked.messages.length).toBeGreaterThan(0);
    expected = await contentOf(source.database.db, acked);
    expect(expected.listed).toHaveLength(acked.starters.length);
    expect(expected.photos.listings.length).toBeGreaterThanOrEqual(acked.starters.length);
    expect(expected.photos.messages.length).toBeGreaterThanOrEqual(acked.messages.length);
  }, 240_000);

  it.each(kinds)(
    'restores into an empty %s database, photos byte for byte',
    async (to) => {
      const target = await newTarget(to);
      const { header } = await restoreBackup(file, target);
      expect(header.schema.migrations).toBe(migrationJournal().length);
      const restored = await openRestored(target);
      try {
        expect(await contentOf(restored.db, acked)).toEqual(expected);
        // The counters go on after the restored rows: a new member's listing gets a new id.
        const [next] = rowsOf<{ id: number }>(
          await restored.db.execute(sql`SELECT nextval('starters_id_seq')::int AS id`),
        );
        expect(next!.id).toBeGreaterThan(Math.max(...acked.starters));
        expect((await restored.db.select().from(users)).length).toBeGreaterThanOrEqual(8);
      } finally {
        await restored.close();
      }
    },
    240_000,
  );
});

/** The backup with its header's schema changed, as one made by another version would be. */
/**
 * `file` as a backup taken `migrations` migrations in: its header says so, and the tables the
 * later migrations create are left out, as they would be in a backup that old.
 */
function withSchema(file: string, head: number, migrations: number): string {
  const later = migrationJournal()
    .slice(migrations)
    .flatMap((m) => [
      ...fs
        .readFileSync(path.join(migrationsFolder, `${m.tag}.sql`), 'utf8')
        .matchAll(/CREATE TABLE "(\w+)"/g),
    ])
    .map((match) => match[1]!);
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
  const header = JSON.parse(lines[0]!) as { schema: { head: number; migrations: number } };
  header.schema = { ...header.schema, head, migrations };
  const kept = [JSON.stringify(header)];
  let skipping = false;
  let left = 0;
  for (const line of lines.slice(1)) {
    const control = line.startsWith('[') ? (JSON.parse(line) as unknown[]) : undefined;
    if (control?.[0] === 'table' && later.includes(control[1] as string)) skipping = true;
    else if (control?.[0] === 'done')
      kept.push(JSON.stringify(['done', (control[1] as number) - left]));
    else if (control?.[0] === 'sequences') {
      const sequences = Object.entries(control[1] as Record<string, string | null>);
      const older = sequences.filter(([name]) => !later.some((t) => name.startsWith(`${t}_`)));
      kept.push(JSON.stringify(['sequences', Object.fromEntries(older)]));
    } else if (!skipping) kept.push(line);
    if (skipping && control?.[0] === 'end') {
      skipping = false;
      left++;
    }
  }
  const out = `${file}.${head}.gz`;
  fs.writeFileSync(out, zlib.gzipSync(kept.join('\n')));
  return out;
}

describe('restore', () => {
  let file: string;
  it('refuses a target that is not empty, a newer schema and a file that is no backup', async () => {
    const source = await openSource('pglite');
    await signedInMember(source.database.db);
    file = path.join(newDir() + '.backup.gz');
    await backupFromServer(source.where, source.database, file);

    const full = newDir();
    fs.mkdirSync(full);
    fs.writeFileSync(path.join(full, 'something'), 'x');
    await expect(restoreBackup(file, { kind: 'pglite', dataDir: full })).rejects.toThrow(
      /DATA_DIR .* is not empty/,
    );
    if (postgresUrl) {
      const taken = await createPostgresTestDatabase();
      cleanups.push(() => taken!.drop());
      await expect(restoreBackup(file, { kind: 'postgres', url: taken!.url })).rejects.toThrow(
        /The database in DATABASE_URL is not empty/,
      );
    }

    const journal = migrationJournal();
    const newer = withSchema(file, journal.at(-1)!.when + 1, journal.length + 1);
    const target = newDir();
    await expect(restoreBackup(newer, { kind: 'pglite', dataDir: target })).rejects.toThrow(
      /made by a newer version of CultureShare/,
    );
    expect(fs.existsSync(target)).toBe(false);

    const notBackup = path.join(temp, 'not-a-backup.gz');
    fs.writeFileSync(notBackup, zlib.gzipSync('hello\n'));
    await expect(restoreBackup(notBackup, { kind: 'pglite', dataDir: newDir() })).rejects.toThrow(
      /not a CultureShare backup/,
    );
  }, 240_000);

  it('migrates a backup from an older schema forward', async () => {
    const journal = migrationJournal();
    const older = withSchema(file, journal.at(-2)!.when, journal.length - 1);
    const target = await newTarget('pglite');
    const { migratedForward } = await restoreBackup(older, target);
    expect(migratedForward).toBe(1);
    const restored = await openRestored(target);
    try {
      const [applied] = rowsOf<{ n: number }>(
        await restored.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`),
      );
      expect(applied!.n).toBe(journal.length);
      expect((await restored.db.select().from(users)).length).toBe(1);
    } finally {
      await restored.close();
    }
  }, 240_000);
});

describe('scheduled backups', () => {
  it('are named by the time, and only the newest BACKUP_KEEP are kept', async () => {
    expect(scheduledBackupName(new Date('2026-11-29T03:07:12Z'))).toBe(
      'cultureshare-2026-11-29T0307Z.backup.gz',
    );
    const dir = newDir();
    fs.mkdirSync(dir);
    for (const hour of ['01', '02', '03', '04']) {
      fs.writeFileSync(path.join(dir, `cultureshare-2026-11-29T${hour}00Z.backup.gz`), hour);
    }
    fs.writeFileSync(path.join(dir, 'cultureshare-2026-11-29T0500Z.backup.gz.partial'), '');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'kept');
    pruneBackups(dir, 2);
    expect(fs.readdirSync(dir).sort()).toEqual([
      'cultureshare-2026-11-29T0300Z.backup.gz',
      'cultureshare-2026-11-29T0400Z.backup.gz',
      'notes.txt',
    ]);
  });

  it('write a backup that restores into BACKUP_DIR', async () => {
    const source = await openSource('pglite');
    const { user } = await signedInMember(source.database.db);
    const dir = newDir();
    const file = await writeScheduledBackup(
      { ...source.where, backup: { dir, everyHours: 24, keep: 7 } },
      source.database,
      { info: () => {} },
    );
    expect(path.dirname(file)).toBe(dir);
    const target = await newTarget('pglite');
    await restoreBackup(file, target);
    const restored = await openRestored(target);
    try {
      expect((await restored.db.select().from(users)).map((u) => u.id)).toEqual([user.id]);
    } finally {
      await restored.close();
    }
    // No copy of the database is left behind.
    expect(fs.readdirSync(path.join(source.where.dataDir, 'snapshots'))).toEqual([]);
  }, 240_000);
});
