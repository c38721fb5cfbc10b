/**
 * The main thread's side of the embedded database (decision 026): a small object shaped like
 * the part of PGlite that Drizzle's PGlite driver and `fromPglite` call (`query`, `exec`,
 * `transaction`, `listen`, `close`), forwarding each call to the worker thread that owns the
 * real PGlite (`pglite-worker.ts`). The main thread never runs a query itself, so it keeps
 * answering HTTP while the database works.
 */
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  fromWire,
  type Reply,
  type Request,
  type WireError,
  type WorkerOptions,
} from './pglite-protocol';
import type { SnapshotResult } from './pglite-snapshot';

/** The calls a transaction's statements are made with. */
export interface PgliteScope {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/** What the app needs of a PGlite: met by PGlite itself (tests) and by `RemotePglite`. */
export interface PgliteConnection extends PgliteScope {
  readonly closed: boolean;
  transaction<T>(fn: (tx: PgliteScope) => Promise<T>): Promise<T>;
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Message of every error once the worker is gone; errors.ts reads it as "unavailable" (503). */
export const STOPPED_MESSAGE = 'The embedded database stopped';

// From the sources, a shim that registers tsx before loading pglite-worker.ts; from the bundle
// (dist/server, decision 102), the worker's own bundled file beside main.js.
const workerUrl = import.meta.url.endsWith('.ts')
  ? new URL('./pglite-worker.mjs', import.meta.url)
  : new URL('./pglite-worker.js', import.meta.url);

/** Drizzle's parsers only keep some types as text; that is all that can cross the thread. */
const rawTypesCache = new WeakMap<object, number[]>();
function rawTypes(options?: QueryOptions): number[] {
  if (!options?.parsers) return [];
  let raw = rawTypesCache.get(options.parsers);
  if (!raw) {
    raw = Object.entries(options.parsers).map(([oid, parse]) => {
      if (parse('\u0000text', Number(oid)) !== '\u0000text')
        throw new Error('Only parsers that keep the text work with the embedded database thread');
      return Number(oid);
    });
    rawTypesCache.set(options.parsers, raw);
  }
  return raw;
}

type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
  /** Where the call was made, so an error points at the app's code, not at the message port. */
  stack?: string;
}

export class RemotePglite implements PgliteConnection {
  #worker: Worker;
  #pending = new Map<number, Pending>();
  #handlers = new Map<string, Set<(payload: string) => void>>();
  #nextId = 0;
  #nextTx = 0;
  #stopped: Error | undefined;
  #closing = false;
  #onStopped: (err: Error) => void;
  /** Settles when the worker thread has ended, however it ended. */
  readonly exited: Promise<void>;

  /** Calls sent to the database thread and not answered yet: its queue, running one included. */
  get waiting(): number {
    return this.#pending.size;
  }

  private constructor(worker: Worker, onStopped: (err: Error) => void) {
    this.#worker = worker;
    this.#onStopped = onStopped;
    worker.on('message', (message: Reply) => this.#receive(message));
    worker.on('error', (err) => this.#stop(`${STOPPED_MESSAGE}: ${err.message}`));
    this.exited = new Promise((resolve) =>
      worker.once('exit', (code) => {
        if (!this.#closing) this.#stop(`${STOPPED_MESSAGE} (its thread exited with ${code})`);
        resolve();
      }),
    );
  }

  /**
   * Starts the worker and waits until its database is open. `onStopped` is called once if the
   * worker dies without being closed; every call then fails with STOPPED_MESSAGE.
   */
  static async start(
    options: WorkerOptions,
    onStopped: (err: Error) => void = () => {},
  ): Promise<RemotePglite> {
    const worker = new Worker(workerUrl, { workerData: options });
    const opened = new Promise<void>((resolve, reject) => {
      const onMessage = (message: Reply) => {
        if (message.type === 'ready') resolve();
        if (message.type === 'failed') reject(fromWire(message.error));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`${STOPPED_MESSAGE} while opening (${code})`)),
      );
    });
    const remote = new RemotePglite(worker, () => {});
    try {
      await opened;
    } catch (err) {
      remote.#closing = true;
      await worker.terminate();
      throw err;
    }
    remote.#onStopped = onStopped;
    // An idle worker must not keep the process alive; a call in flight does (see #call).
    worker.unref();
    return remote;
  }

  get closed(): boolean {
    return this.#closing || this.#stopped !== undefined;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number) {
    if (options?.serializers || options?.blob || options?.paramTypes || options?.onNotice)
      throw new Error('This query option does not work with the embedded database thread');
    return this.#call<Results<T>>({
      op: 'query',
      tx,
      sql,
      params,
      rowMode: options?.rowMode,
      rawTypes: rawTypes(options),
    });
  }

  exec(sql: string, tx?: number) {
    return this.#call<Results[]>({ op: 'exec', tx, sql });
  }

  /**
   * A real transaction in the worker, held open while `fn` runs here: its statements go to
   * the worker tagged with its number. PGlite lets nothing else run until it ends, so a
   * transaction from another request waits for this one (at `begin`).
   */
  async transaction<T>(fn: (tx: PgliteScope) => Promise<T>): Promise<T> {
    const tx = ++this.#nextTx;
    await this.#call({ op: 'begin', tx });
    const scope: PgliteScope = {
      query: (sql, params, options) => this.query(sql, params, options, tx),
      exec: (sql) => this.exec(sql, tx),
    };
    let result: T;
    try {
      result = await fn(scope);
    } catch (err) {
      await this.#call({ op: 'rollback', tx }).catch(() => {});
      throw err;
    }
    await this.#call({ op: 'commit', tx });
    return result;
  }

  async listen(channel: string, handler: (payload: string) => void) {
    let set = this.#handlers.get(channel);
    if (!set) {
      this.#handlers.set(channel, (set = new Set()));
      try {
        await this.#call({ op: 'listen', channel });
      } catch (err) {
        this.#handlers.delete(channel);
        throw err;
      }
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size > 0 || this.#handlers.get(channel) !== set) return;
      this.#handlers.delete(channel);
      if (!this.closed) await this.#call({ op: 'unlisten', channel });
    };
  }

  /**
   * Copies the database folder to `dest` as it is at one moment, while queries go on but for
   * a moment (decision 133); `dest` is made and must not exist yet.
   */
  snapshot(dest: string) {
    return this.#call<SnapshotResult>({ op: 'snapshot', dest });
  }

  /** Closes the database (after the queries already asked) and ends the thread. */
  async close() {
    if (this.closed) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#closing = true;
      this.#handlers.clear();
      await this.#worker.terminate();
    }
  }

  /** Ends the thread at once, as a crash would (for tests of what a crash does). */
  async kill() {
    await this.#worker.terminate();
  }

  #call<T = unknown>(call: Call): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    if (this.#closing) return Promise.reject(new Error('PGlite is closed'));
    const id = ++this.#nextId;
    const holder: { stack?: string } = {};
    Error.captureStackTrace(holder, this.#call);
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, {
        resolve: resolve as (r: unknown) => void,
        reject,
        stack: holder.stack,
      });
      try {
        this.#worker.postMessage({ ...call, id } as Request);
      } catch (err) {
        // A parameter that cannot be copied to the worker (a function, a class instance).
        this.#settled(id);
        reject(err as Error);
      }
    });
  }

  #receive(message: Reply) {
    if (message.type === 'notification') {
      for (const handler of this.#handlers.get(message.channel) ?? []) handler(message.payload);
      return;
    }
    if (message.type !== 'reply') return;
    const pending = this.#settled(message.id);
    if (!pending) return;
    if (message.ok) pending.resolve(message.result);
    else pending.reject(fromWire(message.error as WireError, pending.stack));
  }

  #settled(id: number): Pending | undefined {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    if (pending && this.#pending.size === 0) this.#worker.unref();
    return pending;
  }

  /** The worker died: fail loudly, every waiting and later call included. */
  #stop(message: string) {
    if (this.#stopped) return;
    this.#stopped = new Error(message);
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const { reject } of pending) reject(this.#stopped);
    this.#onStopped(this.#stopped);
  }
}
