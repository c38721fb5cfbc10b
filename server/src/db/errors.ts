/**
 * What a database failure means, whichever driver raised it. Drizzle wraps the driver's error
 * in a DrizzleQueryError (`cause`), and a failed connect may be an AggregateError of one error
 * per address tried, so every question here walks the whole chain.
 */

// No SQLSTATE class starts with E, while Node's five-letter errno codes (EPIPE, EPERM) all do.
const SQLSTATE = /^[0-9A-DF-Z][0-9A-Z]{4}$/;

/** Every error in the chain: the error, its causes, and the members of aggregate errors. */
function chainOf(err: unknown): object[] {
  const seen: object[] = [];
  const pending: unknown[] = [err];
  while (pending.length > 0 && seen.length < 16) {
    const current = pending.shift();
    if (!current || typeof current !== 'object' || seen.includes(current)) continue;
    seen.push(current);
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return seen;
}

function codeOf(err: object): string | undefined {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The first SQLSTATE in the chain (e.g. '23505'), or undefined when none is there. */
export function sqlState(err: unknown): string | undefined {
  for (const link of chainOf(err)) {
    const code = codeOf(link);
    if (code && SQLSTATE.test(code)) return code;
  }
  return undefined;
}

/** The SQLSTATE of a write that broke a unique index. */
export const UNIQUE_VIOLATION = '23505';

/** True when Postgres refused a write for breaking a unique index (a race lost). */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === UNIQUE_VIOLATION;
}

/** Socket errors a connect or an open connection raises while the server is away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres and PGlite raise these as plain errors, without any code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "... unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^Cannot use a pool after calling end/,
  /^PGlite is closed/,
  /^The embedded database stopped/, // its worker thread died (pglite-remote.ts)
];

/**
 * True when the database cannot be reached right now (a restart, a failover, a full
 * connection table) rather than refusing this query: the caller should try again shortly.
 * SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown,
 * terminated backend, "the database system is starting up"), and 53300 (too many connections).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return chainOf(err).some((link) => {
    const code = codeOf(link);
    if (code) {
      if (code.startsWith('08') || code.startsWith('57P') || code === '53300') return true;
      if (NETWORK_CODES.has(code)) return true;
    }
    const message = (link as { message?: unknown }).message;
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message));
  });
}

// Class 22 (data exception) messages quote the offending value: 'invalid input syntax for
// type integer: "…"'. The part before the colon says enough.
const QUOTES_VALUE = /^22/;

/**
 * An error as the log may show it: the SQLSTATE and the server's message, never the query's
 * parameters, the query text or `detail` ("Key (email)=(…) already exists"). Drizzle's own
 * message repeats the parameters, so it is replaced by the driver's.
 */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function errorForLog(err: unknown): LoggedError {
  if (typeof err !== 'object' || err === null) {
    return { type: typeof err, message: String(err), stack: '' };
  }
  const chain = chainOf(err);
  const top = err as Error;
  const database = chain.find((link) => {
    const code = codeOf(link);
    return code !== undefined && SQLSTATE.test(code);
  }) as (Error & Record<string, unknown>) | undefined;
  const isQueryError = chain.some((link) => 'params' in link || 'query' in link);
  if (!database && !isQueryError) return plainError(top, chain);

  const state = database ? codeOf(database) : undefined;
  const innermost = (database ?? chain[chain.length - 1]) as Error & Record<string, unknown>;
  let message = typeof innermost.message === 'string' ? innermost.message : 'database error';
  if (state && QUOTES_VALUE.test(state)) message = message.split(':')[0]!;
  if (innermost === top && isQueryError && !database) message = 'database query failed';
  const out: LoggedError = {
    type: top.constructor?.name ?? 'Error',
    message,
    stack: typeof top.stack === 'string' ? stackWithoutMessage(top.stack) : '',
    code: state ?? codeOf(innermost),
  };
  if (database) {
    for (const key of ['severity', 'table', 'column', 'constraint', 'routine'] as const) {
      if (typeof database[key] === 'string') out[key] = database[key];
    }
  }
  return out;
}

function plainError(err: Error, chain: object[]): LoggedError {
  const out: LoggedError = {
    type: err.constructor?.name ?? 'Error',
    message: String(err.message),
    stack: typeof err.stack === 'string' ? err.stack : '',
  };
  const code = codeOf(err);
  if (code) out.code = code;
  const statusCode = (err as { statusCode?: unknown }).statusCode;
  if (typeof statusCode === 'number') out.statusCode = statusCode;
  const cause = chain[1];
  if (cause) out.cause = errorForLog(cause);
  return out;
}

/** The stack's frames only: its first line repeats the message, which may carry parameters. */
function stackWithoutMessage(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}
