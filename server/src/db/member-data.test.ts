import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import type { Database } from './client';
import {
  ACCOUNT_COLUMNS,
  JSON_TABLES,
  MEMBER_DATA,
  SCRUBBED_TABLES,
  ZIP_TABLES,
  type HoldsMemberData,
  type HoldsNone,
} from './member-data';
import { rowsOf } from './rows';

// The database as migrated, read through information_schema: a table or a column added to it
// that member-data.ts does not place fails here, for the scrub and the export alike.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const declared = MEMBER_DATA as Record<string, HoldsMemberData | HoldsNone>;
const holding = (table: string) => {
  const entry = declared[table];
  return entry && 'member' in entry ? entry : undefined;
};

async function columnsByTable(): Promise<Map<string, Set<string>>> {
  const rows = rowsOf<{ table_name: string; column_name: string }>(
    await database.db.execute(sql`
      SELECT c.table_name, c.column_name
      FROM information_schema.columns c
      JOIN information_schema.tables tb
        ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND tb.table_type = 'BASE TABLE'
    `),
  );
  const tables = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!tables.has(r.table_name)) tables.set(r.table_name, new Set());
    tables.get(r.table_name)!.add(r.column_name);
  }
  return tables;
}

/** Every foreign key column, with the table it points at. */
async function foreignKeys(): Promise<Array<{ table: string; column: string; refers: string }>> {
  const rows = rowsOf<{ table_name: string; column_name: string; refers: string }>(
    await database.db.execute(sql`
      SELECT DISTINCT kcu.table_name, kcu.column_name, ccu.table_name AS refers
      FROM information_schema.referential_constraints rc
      JOIN information_schema.key_column_usage kcu
        ON kcu.constraint_schema = rc.constraint_schema AND kcu.constraint_name = rc.constraint_name
      JOIN information_schema.constraint_column_usage ccu
        ON ccu.constraint_schema = rc.constraint_schema AND ccu.constraint_name = rc.constraint_name
      WHERE rc.constraint_schema = current_schema()
    `),
  );
  return rows.map((r) => ({ table: r.table_name, column: r.column_name, refers: r.refers }));
}

describe('the one list of tables that hold a member’s data', () => {
  it('places every table of the database, and no table the database lacks', async () => {
    const tables = [...(await columnsByTable()).keys()].sort();
    expect(Object.keys(declared).sort()).toEqual(tables);
  });

  it('places every column that points at a member: handled by the scrub and the export, or kept and why', async () => {
    const unplaced: string[] = [];
    const columns = await columnsByTable();
    const pointing = (await foreignKeys())
      .filter((k) => k.refers === 'users')
      .map((k) => `${k.table}.${k.column}`);
    // A member's id kept without a foreign key (alert_matches.user_id) counts too.
    for (const [table, names] of columns) {
      for (const column of names) {
        if (/(^|_)(user|member)_id$/.test(column)) pointing.push(`${table}.${column}`);
      }
    }
    for (const name of new Set(pointing)) {
      const [table, column] = name.split('.') as [string, string];
      const entry = declared[table];
      const member = entry && 'member' in entry ? entry.member : [];
      if (!member.includes(column) && !(column in (entry?.others ?? {}))) unplaced.push(name);
    }
    expect(unplaced).toEqual([]);
  });

  it('points every table reached from a member’s rows at them, or says why it holds nothing of theirs', async () => {
    // A table whose key points at a member's listing, message, ask … holds their data too.
    const reached = (await foreignKeys()).filter(
      (k) => k.refers !== 'users' && holding(k.refers) && !holding(k.table),
    );
    for (const k of reached) {
      const entry = declared[k.table];
      expect(entry && 'none' in entry && entry.none.length > 0, `${k.table}.${k.column}`).toBe(
        true,
      );
    }
    for (const [table, entry] of Object.entries(declared)) {
      if (!('member' in entry) || !entry.via) continue;
      expect(holding(entry.via), `${table} is reached through ${entry.via}`).toBeDefined();
    }
  });

  it('places every column of the account row, for the scrub and the profile', async () => {
    const columns = [...((await columnsByTable()).get('users') ?? [])].sort();
    expect(Object.keys(ACCOUNT_COLUMNS).sort()).toEqual(columns);
  });

  it('names only columns the tables have', async () => {
    const columns = await columnsByTable();
    const missing: string[] = [];
    for (const [table, entry] of Object.entries(declared)) {
      const named = [
        ...('member' in entry ? entry.member : []),
        ...Object.keys(entry.others ?? {}),
      ];
      for (const column of named) {
        if (!columns.get(table)?.has(column)) missing.push(`${table}.${column}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('says for every table holding a member’s data what the scrub does and how the export reads it', () => {
    const scrubKinds = ['delete', 'clear', 'cascade', 'keep'];
    const exportKinds = ['json', 'zip', 'no'];
    for (const [table, entry] of Object.entries(declared)) {
      if (!('member' in entry)) {
        expect(entry.none.length, table).toBeGreaterThan(0);
        continue;
      }
      expect(entry.member.length, table).toBeGreaterThan(0);
      expect(
        Object.keys(entry.scrub).filter((k) => scrubKinds.includes(k)),
        `${table}: one thing the scrub does`,
      ).toHaveLength(1);
      expect(
        Object.keys(entry.export).filter((k) => exportKinds.includes(k)),
        `${table}: one way the export reads it`,
      ).toHaveLength(1);
      if ('cascade' in entry.scrub) {
        expect(SCRUBBED_TABLES as string[], `${table} goes with ${entry.scrub.with}`).toContain(
          entry.scrub.with,
        );
      }
    }
    // Each of the export's keys comes from one table.
    const keys = JSON_TABLES.flatMap((t) => MEMBER_DATA[t].export.json);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('profile');
    expect(ZIP_TABLES).toEqual(['photos', 'message_photos']);
  });
});
