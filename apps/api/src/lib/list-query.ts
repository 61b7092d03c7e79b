import { asc, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ListQuery, PageQuery } from '@saldopilot/shared';

/**
 * The number of rows of the whole list, as a window function evaluated before LIMIT: one query
 * answers a page and its total, so paging needs no second round trip and both always agree.
 */
export const totalCountColumn = () => sql<number>`(count(*) over ())::int`;

/** `search` as an ILIKE pattern: the user's text is a literal substring (%, _ and \ escaped). */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

type Sortable = SQL | SQL.Aliased | Column;

/**
 * The ORDER BY of a list query. `sortColumns` maps each sortable field to its SQL; rows without a
 * value sort last in either direction, and `tieBreakers` (name, id) make the order total, so pages
 * never repeat or skip a row.
 */
export function listOrder<Sort extends string>(
  query: ListQuery<Sort>,
  sortColumns: Record<Sort, Sortable>,
  tieBreakers: (SQL | Column)[],
): SQL[] {
  const direction = query.sortOrder === 'DESC' ? sql`desc` : sql`asc`;
  return [sql`${sortColumns[query.sortBy]} ${direction} nulls last`, ...tieBreakers.map((tie) => asc(tie))];
}

/** Orders (see listOrder), limits and offsets a select by a list query. */
export function applyListQuery<T extends PgSelect, Sort extends string>(
  select: T,
  query: ListQuery<Sort>,
  sortColumns: Record<Sort, Sortable>,
  tieBreakers: (SQL | Column)[],
): T {
  return select
    .orderBy(...listOrder(query, sortColumns, tieBreakers))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

/**
 * The rows of a page and the list's total. A page past the end has no row to carry the total, so
 * then (only then) `countAll` asks for it.
 */
export async function pageWithTotal<Row extends { totalCount: number }>(
  rows: Row[],
  query: PageQuery,
  countAll: () => Promise<number>,
): Promise<{ rows: Row[]; totalCount: number }> {
  if (rows[0]) return { rows, totalCount: rows[0].totalCount };
  return { rows, totalCount: query.page > 1 ? await countAll() : 0 };
}
