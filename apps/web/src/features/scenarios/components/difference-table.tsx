import { Text } from '@mantine/core';
import { formatMonthLabel, fromRuns, type CompareEntry, type CompareLeaf } from '@saldopilot/shared';
import { MonthTable } from '../../../components/table/month-table';
import { formatSignedAmount } from '../../../lib/format';
import { scenarioTexts as texts } from './scenario-texts';
import classes from './difference-table.module.css';

/** A leaf with its difference in every month of the horizon. */
export type DifferenceRow = CompareLeaf & { amounts: number[] };

/**
 * The difference rows worth showing, each leaf named from the answer's `leaves` and its runs
 * spread over the months (docs/scenarios.md "Compare"): a row whose every month is 0 is unchanged
 * and stays hidden.
 */
export function changedRows(entry: CompareEntry, leaves: readonly CompareLeaf[], months: number): DifferenceRow[] {
  return entry.differences
    .map(({ leaf, runs }) => ({ ...(leaves[leaf] as CompareLeaf), amounts: fromRuns(runs, months) }))
    .filter((row) => row.amounts.some((amount) => amount !== 0));
}

/**
 * Scenario − base per leaf and month (docs/scenarios.md "Szenarien vergleichen"): the leaves a lever changed, by
 * side and category, and the end balance's difference; unchanged rows are left out.
 */
export function DifferenceTable({
  entry,
  base,
  leaves,
  months,
  currency,
}: {
  entry: CompareEntry;
  base: CompareEntry;
  leaves: readonly CompareLeaf[];
  months: string[];
  currency: string;
}) {
  const rows = changedRows(entry, leaves, months.length);
  const saldo = months.map((_, index) => (entry.months[index]?.saldo ?? 0) - (base.months[index]?.saldo ?? 0));
  if (rows.length === 0 && saldo.every((amount) => amount === 0)) {
    return <Text c="dimmed">{texts.noDifferences}</Text>;
  }
  const cell = (amount: number, key: string) => (
    <td key={key} className={amount > 0 ? classes.positive : amount < 0 ? classes.negative : undefined}>
      {amount === 0 ? '' : formatSignedAmount(amount, currency)}
    </td>
  );
  const sides = (['revenue', 'expense'] as const).filter((side) => rows.some((row) => row.side === side));
  return (
    <MonthTable caption={texts.differencesCaption(entry.name)} className={classes.table} focusable>
      <thead>
        <tr>
          <th scope="col" className={classes.label}>
            {texts.differences}
          </th>
          {months.map((month) => (
            <th key={month} scope="col">
              {formatMonthLabel(month)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sides.map((side) => [
          <tr key={side} className={classes.group}>
            <th scope="rowgroup" className={classes.label} colSpan={1}>
              {side === 'revenue' ? texts.revenue : texts.expense}
            </th>
            {months.map((month) => (
              <td key={month} />
            ))}
          </tr>,
          ...rows
            .filter((row) => row.side === side)
            .map((row) => (
              <tr key={`${row.relatedTable}:${row.relatedId}:${row.category}:${row.name}`}>
                <th scope="row" className={classes.label} title={`${row.category}: ${row.name}`}>
                  {row.category}: {row.name}
                </th>
                {row.amounts.map((amount, index) => cell(amount, months[index] ?? String(index)))}
              </tr>
            )),
        ])}
        <tr className={classes.group}>
          <th scope="row" className={classes.label}>
            Endsaldo
          </th>
          {saldo.map((amount, index) => cell(amount, months[index] ?? String(index)))}
        </tr>
      </tbody>
    </MonthTable>
  );
}
