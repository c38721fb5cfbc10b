import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import type { AppDeps } from '../deps';

/** What a due-work job that queues mail is run with: the database and the config. */
export type DueWorkDeps = Pick<AppDeps, 'db' | 'config'>;

/**
 * A background job of the "due work" shape (decision 146): take the rows that have come due,
 * deliver each (queue its mail, ring its bell), and count what was delivered.
 */
export interface DueWork<Row, Item = Row> {
  /**
   * One statement that takes a batch of due rows and returns them: it marks them taken
   * (a DELETE, or an UPDATE of a "done" column) over rows selected FOR UPDATE SKIP LOCKED, so
   * a second server copy running the same statement skips them and, once this transaction
   * commits, no longer finds them due. Built when the run starts, so the time it binds
   * (`clock.sqlNow()`) is the run's own.
   */
  claim: () => SQL;
  /** What is delivered as one: each row by default; a job may gather rows (one digest each). */
  items?: (rows: Row[]) => Item[];
  /**
   * Delivers one item inside the same transaction, and says how much it delivered: a count of
   * mails, or whether it delivered anything. An item it delivers nothing for (read meanwhile,
   * mail turned off) stays taken. It may also record or defer per item itself.
   */
  deliver: (tx: Tx, item: Item) => Promise<number | boolean>;
}

/**
 * Claims and delivers in the caller's transaction: the claim's mark and every delivery commit
 * together, so two copies never deliver one row, and a delivery that throws undoes the whole
 * batch's claim; its rows come due again on the next run rather than being lost.
 */
export async function claimAndDeliver<Row, Item = Row>(
  tx: Tx,
  work: DueWork<Row, Item>,
): Promise<number> {
  const due = rowsOf<Row>(await tx.execute(work.claim()));
  const items = work.items ? work.items(due) : (due as unknown as Item[]);
  let delivered = 0;
  for (const item of items) delivered += Number(await work.deliver(tx, item));
  return delivered;
}

/** A due-work job's whole run: one transaction of `claimAndDeliver`; answers what it delivered. */
export function runDueWork<Row, Item = Row>(db: Db, work: DueWork<Row, Item>): Promise<number> {
  return db.transaction((tx) => claimAndDeliver(tx, work));
}
