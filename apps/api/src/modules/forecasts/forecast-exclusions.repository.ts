import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import { intArray, isAnyOf, textArray } from '../../db/arrays.js';
import type { AppDatabase } from '../../db/client.js';
import {
  calendarLeafExclusions,
  salaries,
  salaryCostLabelExclusions,
  salaryCostLabels,
  salaryExclusions,
  transactionExclusions,
  transactions,
} from '../../db/schema/index.js';

export type ExclusionTableName = 'transactions' | 'salaries' | 'salary_cost_labels';
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

/**
 * Each exclusion table with the expression of its relatedId (a label's null is the "no label" 0);
 * `calendar_leaves` holds the `salary_cost_labels` keys with negative ids, the payment calendar's
 * leaves (docs/payment-calendar.md "Exclusions"), which have no label row to refer to.
 */
const exclusionTables = {
  transactions: { target: transactionExclusions, relatedId: sql`${transactionExclusions.transactionId}` },
  salaries: { target: salaryExclusions, relatedId: sql`${salaryExclusions.salaryId}` },
  salary_cost_labels: {
    target: salaryCostLabelExclusions,
    relatedId: sql`coalesce(${salaryCostLabelExclusions.labelId}, 0)`,
  },
  calendar_leaves: { target: calendarLeafExclusions, relatedId: sql`${calendarLeafExclusions.leafId}` },
} as const;
type StoredTable = keyof typeof exclusionTables;

/** The keys of one kind split by the table that stores them: a label's negative id is a calendar leaf's. */
function storedParts(table: ExclusionTableName, keys: readonly ExclusionKey[]): [StoredTable, ExclusionKey[]][] {
  if (table !== 'salary_cost_labels') return [[table, [...keys]]];
  return [
    ['salary_cost_labels', keys.filter((key) => key.relatedId >= 0)],
    ['calendar_leaves', keys.filter((key) => key.relatedId < 0)],
  ];
}

/** Adds exclusions of one kind; existing ones stay (no duplicates). Answers how many were new. */
export async function insertExclusions(
  db: AppDatabase,
  organisationId: number,
  table: ExclusionTableName,
  keys: readonly ExclusionKey[],
): Promise<number> {
  let affected = 0;
  for (const [stored, part] of storedParts(table, keys)) affected += await insertInto(db, organisationId, stored, part);
  return affected;
}

async function insertInto(
  db: AppDatabase,
  organisationId: number,
  table: StoredTable,
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

/** Lifts exclusions of one kind (those that do not exist are no error). Answers how many were removed. */
export async function deleteExclusions(
  db: AppDatabase,
  organisationId: number,
  table: ExclusionTableName,
  keys: readonly ExclusionKey[],
): Promise<number> {
  let affected = 0;
  for (const [stored, part] of storedParts(table, keys)) affected += await deleteFrom(db, organisationId, stored, part);
  return affected;
}

async function deleteFrom(
  db: AppDatabase,
  organisationId: number,
  table: StoredTable,
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

// The same selected types in every part of the union: id and month as plain expressions.
function keyColumns(id: SQL, month: PgColumn) {
  return {
    relatedId: sql<number>`${id}`.mapWith(Number).as('related_id'),
    month: sql<string>`${month}`.as('month'),
  };
}

/** The organisation's exclusions of all three kinds from `firstMonth` on, optionally of one item (one query). */
export function listExclusions(
  db: AppDatabase,
  organisationId: number,
  filter: { firstMonth: string; lastMonth?: string; relatedTable?: ExclusionTableName; relatedId?: number },
): Promise<ExclusionKey[]> {
  const { firstMonth, lastMonth, relatedTable, relatedId } = filter;
  const months = (column: PgColumn) =>
    and(gte(column, firstMonth), lastMonth === undefined ? undefined : lte(column, lastMonth));
  const wanted = (table: ExclusionTableName) => relatedTable === undefined || relatedTable === table;
  const parts = [];
  if (wanted('transactions')) {
    parts.push(
      db
        .select({
          relatedTable: sql<ExclusionTableName>`'transactions'`.as('related_table'),
          ...keyColumns(sql`${transactionExclusions.transactionId}`, transactionExclusions.month),
        })
        .from(transactionExclusions)
        .where(
          and(
            eq(transactionExclusions.organisationId, organisationId),
            months(transactionExclusions.month),
            relatedId === undefined ? undefined : eq(transactionExclusions.transactionId, relatedId),
          ),
        ),
    );
  }
  if (wanted('salaries')) {
    parts.push(
      db
        .select({
          relatedTable: sql<ExclusionTableName>`'salaries'`.as('related_table'),
          ...keyColumns(sql`${salaryExclusions.salaryId}`, salaryExclusions.month),
        })
        .from(salaryExclusions)
        .where(
          and(
            eq(salaryExclusions.organisationId, organisationId),
            months(salaryExclusions.month),
            relatedId === undefined ? undefined : eq(salaryExclusions.salaryId, relatedId),
          ),
        ),
    );
  }
  if (wanted('salary_cost_labels')) {
    const labelOrZero = sql<number>`coalesce(${salaryCostLabelExclusions.labelId}, 0)`;
    parts.push(
      db
        .select({
          relatedTable: sql<ExclusionTableName>`'salary_cost_labels'`.as('related_table'),
          ...keyColumns(labelOrZero, salaryCostLabelExclusions.month),
        })
        .from(salaryCostLabelExclusions)
        .where(
          and(
            eq(salaryCostLabelExclusions.organisationId, organisationId),
            months(salaryCostLabelExclusions.month),
            relatedId === undefined ? undefined : eq(labelOrZero, relatedId),
          ),
        ),
    );
  }
  if (wanted('salary_cost_labels') && (relatedId === undefined || relatedId < 0)) {
    parts.push(
      db
        .select({
          relatedTable: sql<ExclusionTableName>`'salary_cost_labels'`.as('related_table'),
          ...keyColumns(sql`${calendarLeafExclusions.leafId}`, calendarLeafExclusions.month),
        })
        .from(calendarLeafExclusions)
        .where(
          and(
            eq(calendarLeafExclusions.organisationId, organisationId),
            months(calendarLeafExclusions.month),
            relatedId === undefined ? undefined : eq(calendarLeafExclusions.leafId, relatedId),
          ),
        ),
    );
  }
  const [first, ...rest] = parts;
  if (!first) return Promise.resolve([]);
  // The parts select the same expressions from different tables; drizzle types each by its table.
  const union = unionAll as unknown as (...queries: unknown[]) => NonNullable<typeof first>;
  const query = rest.length === 0 ? first : union(first, ...rest);
  return query.orderBy(sql`3`, sql`1`, sql`2`) as unknown as Promise<ExclusionKey[]>;
}
