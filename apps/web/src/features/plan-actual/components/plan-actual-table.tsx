import { VisuallyHidden } from '@mantine/core';
import { formatMonthLabel, type PlanActualMonth } from '@saldopilot/shared';
import amount from '../../../components/money/amount.module.css';
import { MonthTable } from '../../../components/table/month-table';
import { cellTexts, varianceSign, type ShownCell, type TableRow } from '../plan-actual-model';
import { planActualTexts as texts } from './plan-actual-texts';
import classes from './plan-actual-table.module.css';

function Cell({ cell, currency }: { cell: ShownCell; currency: string }) {
  const shown = cellTexts(cell, currency);
  return (
    <dl className={classes.figures}>
      <dt>{texts.plan}</dt>
      <dd>{shown.plan}</dd>
      <dt>{texts.actual}</dt>
      <dd>{shown.actual}</dd>
      <dt>{texts.variance}</dt>
      <dd className={amount.amount} data-sign={varianceSign(cell)}>
        {shown.variance}
      </dd>
    </dl>
  );
}

/**
 * The Plan/Ist table (docs/web.md "Plan/Ist"): a column per month whose header opens the month's
 * details, rows Einnahmen and Ausgaben with their categories and "Nicht zugeordnet", Cashflow and
 * Endsaldo; each cell Plan, Ist and Abweichung (amount and %), the variance green when it is money
 * gained against the plan and red when it is money missing. A month without bank entries has no Ist.
 */
export function PlanActualTable({
  months,
  rows,
  currency,
  onOpenMonth,
}: {
  months: PlanActualMonth[];
  rows: TableRow[];
  currency: string;
  onOpenMonth: (month: string) => void;
}) {
  return (
    // The latest months matter most in a look back: they are in view first.
    <MonthTable
      caption={texts.tableCaption}
      className={classes.table}
      endKey={`${months[0]?.month}|${months.at(-1)?.month}`}
    >
      <thead>
        <tr>
          <th scope="col" className={classes.label}>
            <VisuallyHidden>{texts.rowHeader}</VisuallyHidden>
          </th>
          {months.map((month) => {
            const label = formatMonthLabel(month.month);
            return (
              <th scope="col" key={month.month}>
                <button
                  type="button"
                  className={classes.month}
                  aria-label={texts.monthDetails(label)}
                  title={texts.monthDetails(label)}
                  onClick={() => onOpenMonth(month.month)}
                >
                  {label}
                </button>
                {month.covered ? null : <span className={classes.uncovered}>{texts.notCovered}</span>}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={classes[row.kind]}>
            <th scope="row" className={classes.label} title={row.label}>
              {row.label}
            </th>
            {row.cells.map((cell, index) => (
              <td key={months[index]?.month ?? index}>
                <Cell cell={cell} currency={currency} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </MonthTable>
  );
}
