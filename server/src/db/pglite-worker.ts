/**
 * The thread that owns the embedded database (decision 026). PGlite runs Postgres as
 * WebAssembly on the thread that calls it, so a slow query here stalls only this thread,
 * never the one answering HTTP. The main thread talks to it through `pglite-protocol.ts`;
 * the data folder's lock is held for this thread by the main thread (`pglite-remote.ts`).
 *
 * PGlite is one connection: its own mutex runs queries one at a time and keeps every other
 * query waiting while a transaction is open, so transactions from different requests never
 * interleave.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions';
import { snapshotDataDir } from './pglite-snapshot';
import { toWire, type Reply, type Request, type WorkerOptions } from './pglite-protocol';

const port = parentPort!;
const send = (message: Reply) => port.postMessage(message);

interface OpenTransaction {
  tx: Transaction;
  commit: () => void;
  rollback: (reason: unknown) => void;
  /** PGlite's `transaction()`: settles after COMMIT or ROLLBACK ran. */
  finished: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();
const unlisten = new Map<string, () => Promise<void>>();

async function open({ dataDir, template }: WorkerOptions): Promise<PGlite> {
  const isNew = dataDir !== undefined && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (isNew && template && fs.statSync(template).isDirectory()) {
    // A plain copy of a migrated data folder is quicker than unpacking a dump through PGlite.
    // It is copied aside and renamed, so a copy cut short never looks like a database.
    const copy = `${dataDir}.new-${process.pid}`;
    fs.rmSync(copy, { recursive: true, force: true });
    fs.cpSync(template, copy, { recursive: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.renameSync(copy, dataDir);
    return PGlite.create({ dataDir, extensions: pgliteExtensions });
  }
  const loadDataDir =
    (isNew || dataDir === undefined) && template
      ? new Blob([fs.readFileSync(template)])
      : undefined;
  return PGlite.create({ dataDir, loadDataDir, extensions: pgliteExtensions });
}

/** Drizzle asks for some types as Postgres's text (timestamps, dates, …): no parsing. */
function queryOptions(rowMode: 'array' | 'object' | undefined, rawTypes: number[]): QueryOptions {
  const keep = (value: string) => value;
  return { rowMode, parsers: Object.fromEntries(rawTypes.map((oid) => [oid, keep])) };
}

/** Opens transaction `id` and resolves once BEGIN ran; it stays open until commit/rollback. */
function begin(pg: PGlite, id: number): Promise<void> {
  return new Promise((started, failed) => {
    const entry = {} as OpenTransaction;
    entry.finished = pg.transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          Object.assign(entry, { tx, commit, rollback });
          transactions.set(id, entry);
          started();
        }),
    );
    // A failed BEGIN rejects before `started`; later failures are read by commit/rollback.
    entry.finished.catch(failed);
  });
}

function transaction(id: number): OpenTransaction {
  const entry = transactions.get(id);
  if (!entry) throw new Error('Transaction is closed');
  return entry;
}

async function handle(pg: PGlite, request: Request): Promise<Reply> {
  const ok = (result?: Extract<Reply, { ok: true }>['result']): Reply => ({
    type: 'reply',
    id: request.id,
    ok: true,
    result,
  });
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? pg : transaction(request.tx).tx;
      const options = queryOptions(request.rowMode, request.rawTypes);
      return ok(await target.query(request.sql, request.params, options));
    }
    case 'exec': {
      const target = request.tx === undefined ? pg : transaction(request.tx).tx;
      return ok(await target.exec(request.sql));
    }
    case 'begin':
      await begin(pg, request.tx);
      return ok();
    case 'commit': {
      const entry = transaction(request.tx);
      transactions.delete(request.tx);
      entry.commit();
      await entry.finished; // a failing COMMIT (e.g. a deferred constraint) rejects here
      return ok();
    }
    case 'rollback': {
      const entry = transaction(request.tx);
      transactions.delete(request.tx);
      entry.rollback(new Error('rolled back'));
      await entry.finished.catch(() => {});
      return ok();
    }
    case 'listen': {
      if (!unlisten.has(request.channel)) {
        const channel = request.channel;
        const stop = await pg.listen(channel, (payload) =>
          send({ type: 'notification', channel, payload }),
        );
        unlisten.set(channel, stop);
      }
      return ok();
    }
    case 'unlisten': {
      const stop = unlisten.get(request.channel);
      unlisten.delete(request.channel);
      await stop?.();
      return ok();
    }
    case 'snapshot': {
      const { dataDir } = workerData as WorkerOptions;
      if (!dataDir) throw new Error('A database in memory has no folder to copy');
      return ok(await snapshotDataDir(dataDir, request.dest, (fn) => pg.runExclusive(fn)));
    }
    case 'close':
      // Waits for the queries already asked; the main thread ends this thread afterwards.
      await pg.close();
      return ok();
  }
}

async function main() {
  let pg: PGlite;
  try {
    pg = await open(workerData as WorkerOptions);
  } catch (err) {
    send({ type: 'failed', error: toWire(err) });
    return;
  }
  port.on('message', (request: Request) => {
    // Requests run concurrently here; PGlite's mutex puts them in line.
    const fail = (err: unknown) =>
      send({ type: 'reply', id: request.id, ok: false, error: toWire(err) });
    // A reply that cannot be copied back (it should not happen: rows are plain data) is
    // still an answer: the caller gets the error rather than waiting forever.
    handle(pg, request).then((reply) => {
      try {
        send(reply);
      } catch (err) {
        fail(err);
      }
    }, fail);
  });
  send({ type: 'ready' });
}

void main();
