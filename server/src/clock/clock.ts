import { sql, type SQL } from 'drizzle-orm';

/**
 * The server's one source of "now" (decision 042). Services, jobs and the SQL that decides
 * something by time read it, so tests move time forward instead of waiting for it. It is the
 * wall clock plus an offset that only tests change: in server tests directly, in browser
 * tests through POST /api/test/clock (registered only with TEST_CLOCK=1).
 */
let offsetMs = 0;
const moveListeners = new Set<() => void>();

export function nowMs(): number {
  return Date.now() + offsetMs;
}

export function now(): Date {
  return new Date(nowMs());
}

/**
 * "now" as a bound SQL parameter, for statements whose answer depends on the time: the
 * database's own now() would not see the moved clock (and on PGlite runs in another thread).
 */
export function sqlNow(): SQL {
  return sql`${now().toISOString()}::timestamptz`;
}

/** Moves the clock forward (tests only: nothing in the product turns time back or on). */
export function advanceClock(ms: number): Date {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
  offsetMs += ms;
  for (const listener of moveListeners) listener();
  return now();
}

/**
 * Calls `listener` after each move forward (the scheduler runs the work the move made due at
 * once); returns the function that stops it.
 */
export function onClockMoved(listener: () => void): () => void {
  moveListeners.add(listener);
  return () => moveListeners.delete(listener);
}

/** Back to the wall clock (tests that moved it, in their cleanup). */
export function resetClock(): void {
  offsetMs = 0;
}
