import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemLine } from '../../../../common/conversations/system-lines';
import { migrationsFolder } from '../../db/client';
import { messages } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { systemLineFor } from './system-line-wording';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Migration 0037's statement that turns stored English lines into their values. */
const linesToValues = fs
  .readFileSync(path.join(migrationsFolder, '0037_reader_wording.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^--.*$/gm, '').trim())
  .find((s) => s.startsWith('UPDATE "messages"'))!;

describe('thread lines stored in English before decision 124', () => {
  it('become their values and read in the reader’s language; an unknown one stays as stored', async () => {
    const giver = await signedInMember(t.db);
    const asker = await signedInMember(t.db, { username: 'fern' });
    const starter = await createStarterRow(t.db, giver.user.id);
    const old = async (event: SystemLine['event'], content: string) => {
      const [row] = await t.db
        .insert(messages)
        .values({
          starterId: starter.id,
          senderId: giver.user.id,
          receiverId: asker.user.id,
          content,
          kind: 'system',
          system: { event, at: null, reservationId: null, handoverId: null },
        })
        .returning({ id: messages.id });
      return row!.id;
    };
    const released = await old('reservation_released', 'Reservation released — out of flour');
    const offered = await old(
      'standing_offered',
      'Your turn in the line: a portion is yours if you accept within 48 hours',
    );
    const unknown = await old('given', 'A line nobody recognises');
    await t.db.execute(sql.raw(linesToValues));

    const read = async (id: number) => {
      const [row] = await t.db.select().from(messages).where(eq(messages.id, id));
      return systemLineFor(
        { ...row!, kind: 'system', system: row!.system as SystemLine },
        { language: 'es', id: asker.user.id },
        'Marisol',
      );
    };
    expect(await read(released)).toBe('Reserva anulada — out of flour');
    expect(await read(offered)).toBe('Te toca: una porción es tuya si aceptas en 48 horas');
    expect(await read(unknown)).toBe('A line nobody recognises');
  });
});
