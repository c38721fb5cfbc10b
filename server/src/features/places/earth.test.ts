import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { openTestDatabase } from '../../test/database';
import { chordOfSql, earthOf, withinMetres } from './earth';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Points due north and due south of `centre`, `metres` away along the surface. */
function around([lat, lng]: [number, number], metres: number): Array<[number, number]> {
  const degrees = (metres / 6378168) * (180 / Math.PI);
  return [
    [lat + degrees, lng],
    [lat - degrees, lng],
  ];
}

describe('earth helpers', () => {
  it('"within" by straight lines agrees with earthdistance along the surface, a metre either side of the edge', async () => {
    const centres: Array<[number, number]> = [
      [53.8, -1.55], // Leeds
      [69.65, 18.96], // far north
      [-36.85, 179.99], // the south, by the antimeridian
    ];
    for (const centre of centres) {
      const point = earthOf(centre[0], centre[1]);
      for (const km of [5, 40, 500]) {
        for (const delta of [-1, 1]) {
          for (const [lat, lng] of around(centre, km * 1000 + delta)) {
            const place = earthOf(lat, lng);
            const [row] = rowsOf<{ surface: boolean; straight: boolean; radius: boolean }>(
              await database.db.execute(sql`SELECT
                earth_distance(${place}, ${point}) <= ${km * 1000}::float8 AS surface,
                ${withinMetres(place, point, km * 1000)} AS straight,
                cube_distance(${place}, ${point}) <= ${chordOfSql(sql`${km}::float8 * 1000`)} AS radius`),
            );
            const expected = delta < 0;
            expect(row, `${km} km ${delta} m from ${centre} at ${lat},${lng}`).toEqual({
              surface: expected,
              straight: expected,
              radius: expected,
            });
          }
        }
      }
    }
  });
});
