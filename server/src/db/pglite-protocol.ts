/**
 * The messages between the main thread and the thread that owns the embedded database
 * (decision 026). Every request carries an id and gets exactly one reply with that id;
 * notifications arrive unasked. Everything here must survive the structured clone of
 * `postMessage`, so errors travel as plain fields and are rebuilt on the other side.
 */
import type { Results } from '@electric-sql/pglite';
import type { SnapshotResult } from './pglite-snapshot';

/** Where the worker opens its database; sent once as `workerData`. */
export interface WorkerOptions {
  /** The data folder's `pglite` directory; undefined keeps the database in memory. */
  dataDir?: string;
  /**
   * What to start from when the folder holds no database yet: a migrated data folder to copy
   * (`npm run build` makes one) or a `dumpDataDir` tarball (tests, and a database in memory).
   */
  template?: string;
}

/** What the main thread asks. `tx` names an open transaction; without it a query runs alone. */
export type Request =
  | {
      id: number;
      op: 'query';
      tx?: number;
      sql: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      /** Type OIDs whose values come back as Postgres's text, unparsed (see `rawTypes`). */
      rawTypes: number[];
    }
  | { id: number; op: 'exec'; tx?: number; sql: string }
  /** Opens transaction `tx`; the reply comes once BEGIN ran, i.e. when no other one is open. */
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  /** Copies the database folder, consistent, to `dest` (decision 133). */
  | { id: number; op: 'snapshot'; dest: string }
  | { id: number; op: 'close' };

export type Reply =
  | { type: 'ready' }
  | { type: 'reply'; id: number; ok: true; result?: Results | Results[] | SnapshotResult }
  | { type: 'reply'; id: number; ok: false; error: WireError }
  | { type: 'notification'; channel: string; payload: string }
  /** Opening the database failed; the worker exits after sending this. */
  | { type: 'failed'; error: WireError };

/** An error as plain data: Postgres's fields (`code`, `constraint`, …) kept as they were. */
export interface WireError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

const plain = (v: unknown) =>
  v === null || ['string', 'number', 'boolean', 'bigint', 'undefined'].includes(typeof v);

export function toWire(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    // PGlite's DatabaseError: code, severity, detail, constraint, table, …, query, params.
    if (
      plain(value) ||
      (Array.isArray(value) && value.every((v) => plain(v) || v instanceof Uint8Array))
    )
      fields[key] = value;
  }
  return { name: err.name, message: err.message, fields };
}

/** A database error raised in the worker, as seen on the main thread. */
export class DatabaseError extends Error {
  [key: string]: unknown;
}

/** `stack` is the caller's, taken when the request was sent: the worker's frames say nothing. */
export function fromWire(wire: WireError, stack?: string): Error {
  const err = new DatabaseError(wire.message);
  err.name = wire.name;
  Object.assign(err, wire.fields);
  if (stack) err.stack = `${wire.name}: ${wire.message}\n${stack.split('\n').slice(1).join('\n')}`;
  return err;
}
