import { z } from 'zod';

/** The largest row id: ids are Postgres `integer`s. */
export const ID_MAX = 2_147_483_647;

/**
 * A row id in a path (`/api/starters/:id`): a positive whole number written in plain digits —
 * no sign, no leading zero, no exponent, no spaces — within Postgres' `integer`. Anything else
 * is 400 `Invalid <what> ID`; a well-formed id that names nothing is the route's own 404. Every
 * route's numeric path parameter is this one rule (the route-table test in
 * `server/src/access/id-params.test.ts` checks it).
 */
export const idParam = (what: string) => {
  const message = `Invalid ${what} ID`;
  return z
    .string(message)
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .refine((id) => id <= ID_MAX, message);
};
