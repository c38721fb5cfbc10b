import { DrizzleQueryError, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { errorForLog, isDatabaseUnavailable, isUniqueViolation, sqlState } from './errors';

const QUERY = 'insert into "users" ("email", "password_hash") values ($1, $2)';
const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$bm90LWEtcmVhbC1oYXNo';
const PARAMS = ['ada@example.test', SECRET_HASH];

/** A server error as node-postgres builds it from the wire. */
function serverError(code: string, message: string, extra: Record<string, string> = {}) {
  const err = new pg.DatabaseError(message, message.length, 'error');
  return Object.assign(err, { severity: 'FATAL', code, ...extra });
}

/** A socket error as Node raises it. */
function socketError(code: string, message: string) {
  return Object.assign(new Error(message), { code, errno: -1, syscall: 'connect' });
}

/** What drizzle throws: its own error, the driver's as `cause`. */
const wrapped = (cause: unknown) => new DrizzleQueryError(QUERY, PARAMS, cause as Error);

// A pool on a port nothing listens on: the real refusal, wrapped by drizzle's real code.
const closedPool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
afterAll(() => closedPool.end());

describe('a database that cannot be reached', () => {
  it('is recognised through drizzle’s wrapper, whatever the driver raised', async () => {
    const refused = await drizzle(closedPool)
      .execute(sql`select ${SECRET_HASH}`)
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DrizzleQueryError);
    expect(isDatabaseUnavailable(refused)).toBe(true);

    const shapes = [
      serverError('57P01', 'terminating connection due to administrator command'),
      serverError('57P03', 'the database system is starting up'),
      serverError('57P02', 'terminating connection due to crash of another server process'),
      serverError('08006', 'connection failure'),
      serverError('08001', 'could not connect'),
      serverError('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      socketError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      socketError('ECONNRESET', 'read ECONNRESET'),
      socketError('ETIMEDOUT', 'connect ETIMEDOUT 10.0.0.5:5432'),
      // Node tries every address of a host name and reports them together.
      Object.assign(
        new AggregateError([socketError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')]),
        { code: 'ECONNREFUSED' },
      ),
      new AggregateError([socketError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')]),
    ];
    for (const cause of shapes) {
      expect(isDatabaseUnavailable(wrapped(cause)), String(cause)).toBe(true);
      expect(isDatabaseUnavailable(cause), String(cause)).toBe(true);
    }
  });

  it('is not confused with a query the database refused, or any other failure', () => {
    for (const err of [
      wrapped(serverError('23505', 'duplicate key value violates unique constraint "users_email"')),
      wrapped(serverError('22P02', 'invalid input syntax for type integer: "abc"')),
      wrapped(serverError('42P01', 'relation "nope" does not exist')),
      new Error('Something else entirely'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
    expect(sqlState(wrapped(serverError('23505', 'duplicate key')))).toBe('23505');
    expect(sqlState(new Error('no code'))).toBeUndefined();
    expect(sqlState(socketError('EPIPE', 'write EPIPE'))).toBeUndefined();
  });
});

describe('a database error in the log', () => {
  it('keeps the SQLSTATE and the server’s message, and drops parameters, query and detail', () => {
    const err = wrapped(
      serverError('23505', 'duplicate key value violates unique constraint "users_email_unique"', {
        detail: 'Key (email)=(ada@example.test) already exists.',
        constraint: 'users_email_unique',
        table: 'users',
      }),
    );
    expect(err.message).toContain(SECRET_HASH);
    const logged = errorForLog(err);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23505',
      message: 'duplicate key value violates unique constraint "users_email_unique"',
      constraint: 'users_email_unique',
      table: 'users',
    });
    const text = JSON.stringify(logged);
    expect(text).not.toContain(SECRET_HASH);
    expect(text).not.toContain('ada@example.test');
    expect(text).not.toContain('password_hash');
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('drops the value a data error quotes, and keeps the cause of a connection failure', () => {
    const logged = errorForLog(
      wrapped(serverError('22P02', `invalid input syntax for type integer: "${SECRET_HASH}"`)),
    );
    expect(logged).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type integer',
    });
    expect(JSON.stringify(logged)).not.toContain(SECRET_HASH);

    const lost = errorForLog(wrapped(new Error('Connection terminated unexpectedly')));
    expect(lost.message).toBe('Connection terminated unexpectedly');
    expect(JSON.stringify(lost)).not.toContain(SECRET_HASH);
  });

  it('logs other errors as they are, with their causes', () => {
    const logged = errorForLog(new Error('outer', { cause: new TypeError('inner') }));
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'outer',
      cause: { type: 'TypeError', message: 'inner' },
    });
    expect(logged.stack).toContain('outer');
  });
});

describe('a unique index refusing a write', () => {
  it('is recognised bare and through drizzle’s wrapper, and nothing else is', () => {
    const duplicate = serverError('23505', 'duplicate key value violates unique constraint');
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isUniqueViolation(wrapped(duplicate))).toBe(true);
    expect(isUniqueViolation(wrapped(serverError('23503', 'foreign key')))).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
  });
});
