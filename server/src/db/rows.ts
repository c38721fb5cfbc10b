/** Rows of a raw `db.execute()` result, whichever driver answered. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** A row's timestamp as the API sends it: ISO 8601, or null when the column is. */
export const iso = (d: Date | null | undefined): string | null => d?.toISOString() ?? null;
