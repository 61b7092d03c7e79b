import { and, eq, sql, type SQL } from 'drizzle-orm';
import { intArray, isAnyOf, textArray } from '../../db/arrays.js';
import type { AppDatabase } from '../../db/client.js';
import {
  salaries,
  salaryCostLabelExclusions,
  salaryCostLabels,
  salaryExclusions,
  transactionExclusions,
  transactions,
} from '../../db/schema/index.js';
import type { ExclusionRow } from './forecasts.repository.js';

export type ExclusionTableName = ExclusionRow['relatedTable'];
export interface ExclusionKey {
  relatedTable: ExclusionTableName;
  relatedId: number;
  month: string;
}

/**
 * Which of `ids` are items of the organisation in `table` (share-locked until the write commits, so
 * a concurrent delete cannot turn the insert into a foreign-key failure). Label id 0 ("<Kein Label>")
 * always exists. One query per table.
 */
export async function findOwnItems(
  db: AppDatabase,
  organisationId: number,
  table: ExclusionTableName,
  ids: number[],
): Promise<Set<number>> {
  const found = new Set<number>();
  const wanted = ids.filter((id) => id > 0);
  if (table === 'salary_cost_labels' && ids.includes(0)) found.add(0);
  if (wanted.length === 0) return found;
  const source = { transactions, salaries, salary_cost_labels: salaryCostLabels }[table];
  const rows = await db
    .select({ id: source.id })
    .from(source)
    .where(and(eq(source.organisationId, organisationId), isAnyOf(source.id, wanted)))
    .for('share');
  for (const row of rows) found.add(row.id);
  return found;
}

/**
 * The keys as rows `k(related_id, month)` of one statement, two parameters for any number of keys
 * (`db/arrays.ts`): the keys of a batch are as many as EXCLUSION_BATCH_MAX.
 */
function keyRows(keys: readonly ExclusionKey[]): SQL {
  return sql`unnest(${intArray(keys.map((key) => key.relatedId))}, ${textArray(keys.map((key) => key.month))})
    as k(related_id, month)`;
}

/** Each exclusion table with the expression of its relatedId (a label's null is the "no label" 0). */
const exclusionTables = {
  transactions: { target: transactionExclusions, relatedId: sql`${transactionExclusions.transactionId}` },
  salaries: { target: salaryExclusions, relatedId: sql`${salaryExclusions.salaryId}` },
  salary_cost_labels: {
    target: salaryCostLabelExclusions,
    relatedId: sql`coalesce(${salaryCostLabelExclusions.labelId}, 0)`,
  },
} as const;

/** Adds exclusions of one table; existing ones stay (no duplicates). Answers how many were new. */
export async function insertExclusions(
  db: AppDatabase,
  organisationId: number,
  table: ExclusionTableName,
  keys: readonly ExclusionKey[],
): Promise<number> {
  if (keys.length === 0) return 0;
  const { target } = exclusionTables[table];
  // Every column of the table, in its order: organisation, item (a label's 0 is null), month.
  const relatedId = table === 'salary_cost_labels' ? sql`nullif(k.related_id, 0)` : sql`k.related_id`;
  const rows = await db
    .insert(target)
    .select(sql`select ${organisationId}::int, ${relatedId}, k.month from ${keyRows(keys)}`)
    .onConflictDoNothing()
    .returning({ month: target.month });
  return rows.length;
}

/** Lifts exclusions of one table (those that do not exist are no error). Answers how many were removed. */
export async function deleteExclusions(
  db: AppDatabase,
  organisationId: number,
  table: ExclusionTableName,
  keys: readonly ExclusionKey[],
): Promise<number> {
  if (keys.length === 0) return 0;
  const { target, relatedId } = exclusionTables[table];
  const rows = await db
    .delete(target)
    .where(
      and(
        eq(target.organisationId, organisationId),
        sql`(${relatedId}, ${target.month}) in (select k.related_id, k.month from ${keyRows(keys)})`,
      ),
    )
    .returning({ month: target.month });
  return rows.length;
}
