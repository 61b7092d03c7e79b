import type { SQL } from 'drizzle-orm';

/**
 * The rows a raw statement (`db.execute`) answered: both drivers (pg and PGlite) answer `{ rows }`,
 * which Drizzle's shared type leaves unknown. For statements the query builder cannot write, such as
 * an insert of chosen columns from `unnest`.
 */
export async function executeRows<Row>(db: { execute(query: SQL): PromiseLike<unknown> }, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}
