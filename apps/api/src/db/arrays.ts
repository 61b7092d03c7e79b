import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Lists as one bound parameter each (a PostgreSQL array literal, expanded by `= any(…)` or `unnest`),
 * never one parameter per item: thousands of parameters made PGlite ~10x slower, a list of row
 * values (`(a, b) in ((…), (…), …)`) aborted PGlite's WebAssembly from ~270 rows on, and PostgreSQL
 * refuses more than 65,535 parameters in one statement (docs/design.md "Database").
 */

/** Numbers, booleans or nulls as one array literal ('{1,2,NULL}'): nothing in them needs quoting. */
export function arrayLiteral(values: readonly (number | boolean | null)[]): string {
  const items = values.map((value) =>
    value === null ? 'NULL' : typeof value === 'boolean' ? (value ? 't' : 'f') : String(value),
  );
  return `{${items.join(',')}}`;
}

/** Texts (or nulls) as one array literal, each text quoted with `"` and `\` escaped, so any text passes unchanged. */
export function textArrayLiteral(values: readonly (string | null)[]): string {
  const items = values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`));
  return `{${items.join(',')}}`;
}

/** Whole numbers as one `int[]` parameter. */
export function intArray(values: readonly number[]): SQL {
  return sql`${arrayLiteral(values)}::int[]`;
}

/** Texts (or nulls) as one `varchar[]` parameter. */
export function textArray(values: readonly (string | null)[]): SQL {
  return sql`${textArrayLiteral(values)}::varchar[]`;
}

/** `column = any($1::int[])`: the `inArray` of a list of ids, with one parameter for any length. */
export function isAnyOf(column: SQLWrapper, ids: readonly number[]): SQL {
  return sql`${column} = any(${intArray(ids)})`;
}
