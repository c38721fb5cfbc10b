import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, openPglite } from '../../../db/client';
import { users } from '../../../db/schema';
import { createMember, createTestApp, type TestApp } from '../../../test/app';
import { endUnlistedModerators, setModerator, UnknownAccountError } from './moderators.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('setModerator', () => {
  it('grants and revokes by email, whatever its case', async () => {
    const member = await createMember(t.db, { email: 'Helper@Example.test' });
    expect(await setModerator(t, { email: ' helper@example.TEST ', isModerator: true })).toEqual({
      email: 'Helper@Example.test',
      changed: true,
    });
    const [granted] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(granted!.isModerator).toBe(true);
    expect(
      (await setModerator(t, { email: 'helper@example.test', isModerator: true })).changed,
    ).toBe(false);
    await setModerator(t, { email: 'helper@example.test', isModerator: false });
    const [revoked] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(revoked!.isModerator).toBe(false);
  });

  it('says so when no account has the email', async () => {
    await expect(
      setModerator(t, { email: 'ghost@example.test', isModerator: true }),
    ).rejects.toBeInstanceOf(UnknownAccountError);
  });
});

// Each test runs the CLI as its own process, which a busy machine may take long to start.
/** Migration 0040's statement: rights given before their origin was kept lose it. */
const originUnknown = fs
  .readFileSync(path.join(migrationsFolder, '0040_moderators_from_the_list.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((part) => part.replace(/^--.*$/gm, '').trim())
  .find((part) => part.startsWith('UPDATE "users"'))!;

describe('moderators made before their origin was kept', () => {
  it('are the list’s when their address is listed at the next start, the command line’s otherwise', async () => {
    const confirmed = { isModerator: true, moderatorFromList: false, emailVerifiedAt: new Date() };
    const listed = await createMember(t.db, { ...confirmed, email: 'Early-Chief@example.test' });
    const granted = await createMember(t.db, confirmed);
    const unconfirmed = await createMember(t.db, { ...confirmed, emailVerifiedAt: null });
    await t.db.execute(sql.raw(originUnknown));
    const origin = async (id: string) =>
      (await t.db.select().from(users).where(eq(users.id, id)))[0]!.moderatorFromList;
    expect(await origin(listed.id)).toBeNull();
    expect(await origin(unconfirmed.id)).toBe(false);

    const config = { ...t.config, moderatorEmails: ['early-chief@example.test'] };
    await endUnlistedModerators({ db: t.db, config });
    expect(await origin(listed.id)).toBe(true);
    expect(await origin(granted.id)).toBe(false);
    // The list's rights now end with the list; the others stay.
    await endUnlistedModerators({ db: t.db, config: { ...config, moderatorEmails: [] } });
    const rights = async (id: string) =>
      (await t.db.select().from(users).where(eq(users.id, id)))[0]!.isModerator;
    expect(await rights(listed.id)).toBe(false);
    expect(await rights(granted.id)).toBe(true);
    expect(await rights(unconfirmed.id)).toBe(true);
  });
});

describe('npm run moderator', { timeout: 180_000 }, () => {
  const run = promisify(execFile);
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-cli-'));
    const database = await openPglite(dataDir, { template: inject('pgliteSnapshot') });
    await database.db.insert(users).values({ email: 'cli@example.test', firstName: 'Cli' });
    await database.close();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'server/src/cli/moderator.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });

  it('grants rights in the embedded database and explains bad usage', async () => {
    const { stdout } = await cli('grant', 'cli@example.test');
    expect(stdout).toContain('cli@example.test is a moderator.');
    const database = await openPglite(dataDir);
    try {
      const [row] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, 'cli@example.test'));
      expect(row!.isModerator).toBe(true);
    } finally {
      await database.close();
    }
    await expect(cli('promote', 'cli@example.test')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Usage: npm run moderator -- grant|revoke <email>'),
    });
    await expect(cli('revoke', 'nobody@example.test')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account has the email nobody@example.test.'),
    });
  });
});
