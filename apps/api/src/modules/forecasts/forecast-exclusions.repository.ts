import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
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
    .where(and(eq(source.organisationId, organisationId), inArray(source.id, wanted)))
    .for('share');
  for (const row of rows) found.add(row.id);
  return found;
}

function tupleList(keys: readonly ExclusionKey[]): SQL {
  return sql.join(
    keys.map((key) => sql`(${key.relatedId}::integer, ${key.month}::varchar)`),
    sql`, `,
  );
}

/** Adds exclusions of one table; existing ones stay (no duplicates). Answers how many were new. */
export async function insertExclusions(
  db: AppDatabase,
  organisationId: number,
  table: ExclusionTableName,
  keys: readonly ExclusionKey[],
): Promise<number> {
  if (keys.length === 0) return 0;
  if (table === 'transactions') {
    const rows = await db
      .insert(transactionExclusions)
      .values(keys.map((key) => ({ organisationId, transactionId: key.relatedId, month: key.month })))
      .onConflictDoNothing()
      .returning({ month: transactionExclusions.month });
    return rows.length;
  }
  if (table === 'salaries') {
    const rows = await db
      .insert(salaryExclusions)
      .values(keys.map((key) => ({ organisationId, salaryId: key.relatedId, month: key.month })))
      .onConflictDoNothing()
      .returning({ month: salaryExclusions.month });
    return rows.length;
  }
  const rows = await db
    .insert(salaryCostLabelExclusions)
    .values(
      keys.map((key) => ({ organisationId, labelId: key.relatedId === 0 ? null : key.relatedId, month: key.month })),
    )
    .onConflictDoNothing()
    .returning({ month: salaryCostLabelExclusions.month });
  return rows.length;
}

/** Each exclusion table with the expression of its relatedID (a label's null is the "no label" 0). */
const exclusionTables = {
  transactions: { target: transactionExclusions, relatedId: sql`${transactionExclusions.transactionId}` },
  salaries: { target: salaryExclusions, relatedId: sql`${salaryExclusions.salaryId}` },
  salary_cost_labels: {
    target: salaryCostLabelExclusions,
    relatedId: sql`coalesce(${salaryCostLabelExclusions.labelId}, 0)`,
  },
} as const;

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
    .where(and(eq(target.organisationId, organisationId), sql`(${relatedId}, ${target.month}) in (${tupleList(keys)})`))
    .returning({ month: target.month });
  return rows.length;
}
