import type { AppDatabase } from '../../db/client.js';
import type { PartScope } from './forecast-inputs.js';
import { rowsChangedSince } from './forecasts.repository.js';

/** The row changes the parts of one read asked for, by table and version (see `changedRowsOf`). */
const askedInRead = new WeakMap<PartScope, Map<string, Promise<number[] | undefined>>>();

/**
 * The ids of `table` changed since version `since` (rowsChangedSince), asked once per read: the
 * salaries, the costs and the past figures follow the same tables from the same versions, and on
 * PGlite each query is a turn of the one database thread (a salary's write asked eight, four of
 * them twice).
 */
export function changedRowsOf(
  db: AppDatabase,
  scope: PartScope,
  table: string,
  since: number,
): Promise<number[] | undefined> {
  let asked = askedInRead.get(scope);
  if (asked === undefined) askedInRead.set(scope, (asked = new Map()));
  const key = `${table}|${since}`;
  let ids = asked.get(key);
  if (ids === undefined) asked.set(key, (ids = rowsChangedSince(db, scope.organisationId, table, since)));
  return ids;
}
