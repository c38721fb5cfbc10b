import { z } from 'zod';

/** The largest row id: ids are Postgres `integer`s. */
export const ID_MAX = 2_147_483_647;

/** An id written as text: plain digits, no sign, no leading zero, at most ten of them. */
const ID_DIGITS = /^[1-9]\d{0,9}$/;

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
    .regex(ID_DIGITS, message)
    .transform(Number)
    .refine((id) => id <= ID_MAX, message);
};

/**
 * A row id in a request body, by the same rule as in a path: a JSON whole number from 1 to
 * `ID_MAX`, or (a form's multipart field) the same written in plain digits. Anything else —
 * a fraction, a sign, an exponent, text, a number past Postgres' `integer` — is `message`,
 * a 400 naming the field, never a query the database refuses.
 */
export const idField = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && ID_DIGITS.test(value) ? Number(value) : value),
    z.number(message).int(message).positive(message).max(ID_MAX, message),
  );
