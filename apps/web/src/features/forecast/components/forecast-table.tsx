import { Fragment, useMemo, type ReactNode } from 'react';
import { Button, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconHistory, IconSquareCheck } from '@tabler/icons-react';
import { detailRows, formatMonthLabel, VAT_SETTLEMENT_NAME, type ForecastMonthTotals } from '@saldopilot/shared';
import { SignedAmount } from '../../../components/money/signed-amount';
import { MonthTable } from '../../../components/table/month-table';
import { formatAmount } from '../../../lib/format';
import type { ShownDetailsMonth, ShownLeaf } from '../forecast-drafts';
import { childDetailsKey, overdueDateOf, type CategoryRow, type LeafRow } from './forecast-rows';
import { forecastTexts as texts } from './forecast-texts';
import { dismissOverdue, overdueMarker } from './overdue';
import { leafNoteText, vatDetailText } from './vat-detail';
import classes from './forecast-table.module.css';

type Side = 'revenue' | 'expense';

function sign(cents: number): 'positive' | 'negative' | undefined {
  return cents > 0 ? 'positive' : cents < 0 ? 'negative' : undefined;
}

/** A row label that opens and closes what lies beneath it, by click, Enter or Space. */
function ExpandButton({
  expanded,
  onToggle,
  children,
}: {
  expanded: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const Icon = expanded ? IconChevronDown : IconChevronRight;
  return (
    <button type="button" className={classes.toggle} aria-expanded={expanded} onClick={onToggle}>
      <Icon size={14} aria-hidden />
      <span>{children}</span>
    </button>
  );
}

function LeafCell({
  leaf,
  month,
  currency,
  canEdit,
  onToggle,
}: {
  leaf: ShownLeaf | undefined;
  month: string;
  currency: string;
  canEdit: boolean;
  onToggle: (month: string, leaf: ShownLeaf) => void;
}) {
  if (!leaf) return <td>{formatAmount(0, currency)}</td>;
  const { overdueDate } = leaf;
  if (overdueDate !== undefined) {
    // An überfällig occurrence is not excluded but matched or marked "entfällt" (docs/plan-actual.md).
    return (
      <td>
        <span className={classes.cell}>
          {formatAmount(leaf.amount, currency)}
          {canEdit ? (
            <Button
              size="compact-xs"
              variant="default"
              aria-label={texts.dismissLabel(leaf.name, overdueDate)}
              title={texts.dismissHint}
              onClick={() => void dismissOverdue({ ...leaf, overdueDate })}
            >
              {texts.dismiss}
            </Button>
          ) : null}
        </span>
      </td>
    );
  }
  const excluded = leaf.isExcluded;
  // A scenario's cell that a lever changed is marked and read out so (docs/scenarios.md "In the Prognose").
  // (`leverIds` present: a row a lever added, or a base cell whose amount a lever changed).
  const changed = leaf.leverIds !== undefined;
  // How a calendar payment or VAT instalment was computed, and its warnings (docs/payment-calendar.md "Explanations").
  const note = leafNoteText(leaf);
  // An excluded cell shows what the exclusion took out, struck through (docs/web.md "Prognose").
  const amount = (
    <span
      className={`${excluded ? classes.excluded : ''} ${leaf.pending ? classes.pending : ''} ${changed ? classes.changed : ''}`}
      data-changed={changed || undefined}
      title={
        excluded
          ? texts.excluded
          : changed
            ? texts.changedByLever
            : leaf.thirteenthSalary
              ? texts.withThirteenthSalary
              : note
      }
      data-explanation={leaf.explanation}
    >
      {formatAmount(excluded ? (leaf.excludedAmount ?? 0) : leaf.amount, currency)}
      {excluded ? <VisuallyHidden>{` (${texts.excludedNote})`}</VisuallyHidden> : null}
      {changed ? <VisuallyHidden>{` (${texts.changedByLever})`}</VisuallyHidden> : null}
      {/* The month's payment holds a 13th salary: a hover title, and the same words for screen readers. */}
      {leaf.thirteenthSalary && !excluded ? (
        <>
          <sup aria-hidden>13</sup>
          <VisuallyHidden>{` (${texts.withThirteenthSalary})`}</VisuallyHidden>
        </>
      ) : null}
      {leaf.warnings && !excluded ? (
        <sup aria-hidden className={classes.warning}>
          !
        </sup>
      ) : null}
      {note !== undefined && !excluded ? <VisuallyHidden>{` (${note})`}</VisuallyHidden> : null}
    </span>
  );
  const excludable = canEdit && leaf.relatedTable !== 'vat_settlement';
  return (
    <td data-pending={leaf.pending ? 'true' : undefined}>
      <span className={classes.cell}>
        {amount}
        {excludable ? (
          <button
            type="button"
            className={classes.exclude}
            aria-pressed={excluded}
            aria-label={texts.excludeLabel(leaf.name, month)}
            title={excluded ? texts.include : texts.exclude}
            onClick={() => onToggle(month, leaf)}
          >
            {excluded ? <IconHistory size={16} aria-hidden /> : <IconSquareCheck size={16} aria-hidden />}
          </button>
        ) : null}
      </span>
    </td>
  );
}

/**
 * The title of the VAT row's cell (the row does not open): each settlement leaf's parts, and how an
 * annual instalment was computed with the warnings of its year (docs/payment-calendar.md "Explanations").
 */
function vatCellText(leaves: readonly LeafRow[], month: string, currency: string): string | undefined {
  const parts = leaves.flatMap((row) => {
    const cell = row.cells.get(month);
    return cell ? [vatDetailText(cell, currency), leafNoteText(cell)] : [];
  });
  const texts = parts.filter((text): text is string => text !== undefined);
  return texts.length === 0 ? undefined : texts.join('. ');
}

/** A leaf's row header; an überfällig row says so, with its due date, on a line of its own. */
function LeafLabel({ row }: { row: LeafRow }) {
  const overdueDate = overdueDateOf(row);
  if (overdueDate === undefined)
    return (
      <th scope="row" className={classes.label} title={row.name}>
        {row.name}
      </th>
    );
  const marker = overdueMarker(overdueDate);
  return (
    <th scope="row" className={classes.label} title={`${row.name}, ${marker}. ${texts.overdueHint}`}>
      {row.name} <span className={classes.overdue}>{marker}</span>
    </th>
  );
}

function CategoryRows({
  side,
  rows,
  months,
  currency,
  expandedCategories,
  onToggleCategory,
  canEdit,
  onToggleLeaf,
}: {
  side: Side;
  rows: CategoryRow[];
  months: string[];
  currency: string;
  expandedCategories: ReadonlySet<string>;
  onToggleCategory: (key: string) => void;
  canEdit: boolean;
  /** `category` is the leaf's category key (childDetailsKey). */
  onToggleLeaf: (month: string, leaf: ShownLeaf, category: string) => void;
}) {
  return rows.map((row) => {
    const key = childDetailsKey(side, row.name);
    // The VAT settlement: an expense, or revenue in a month it is a refund (docs/vat.md).
    const isVat = row.name === VAT_SETTLEMENT_NAME && row.leaves.every((leaf) => leaf.key.startsWith('vat_settlement'));
    const expanded = !isVat && expandedCategories.has(key);
    // The VAT row does not open, but an overdue settlement must be seen to be marked "entfällt".
    const leaves = expanded ? row.leaves : isVat ? row.leaves.filter((leaf) => overdueDateOf(leaf) !== undefined) : [];
    return (
      <Fragment key={key}>
        <tr className={`${classes.category} ${isVat ? classes.vat : ''}`}>
          <th scope="row" className={classes.label} title={isVat ? texts.vatHint : row.name}>
            {isVat ? (
              <span>
                {row.name}{' '}
                <Text span size="xs" c="dimmed">
                  (auto)
                </Text>
              </span>
            ) : (
              <ExpandButton expanded={expanded} onToggle={() => onToggleCategory(key)}>
                {row.name}
              </ExpandButton>
            )}
          </th>
          {months.map((month) => {
            const detail = isVat ? vatCellText(row.leaves, month, currency) : undefined;
            // The hover title for the mouse; the same text, hidden, for keyboard and screen-reader users.
            return (
              <td key={month} title={detail}>
                {formatAmount(row.cells.get(month) ?? 0, currency)}
                {detail ? <VisuallyHidden>{` (${detail})`}</VisuallyHidden> : null}
              </td>
            );
          })}
        </tr>
        {leaves.map((leaf) => (
          <tr key={leaf.key} className={classes.leaf}>
            <LeafLabel row={leaf} />
            {months.map((month) => (
              <LeafCell
                key={month}
                leaf={leaf.cells.get(month)}
                month={month}
                currency={currency}
                canEdit={canEdit}
                onToggle={(leafMonth, shown) => onToggleLeaf(leafMonth, shown, key)}
              />
            ))}
          </tr>
        ))}
      </Fragment>
    );
  });
}

/**
 * The forecast as a real table (docs/web.md "Prognose"): month columns headed
 * "Januar 2026", a sticky first column of row headers, Einnahmen and Ausgaben opening their categories
 * and each category its leaves with buttons (aria-expanded), leaves with an exclusion toggle per
 * month (aria-pressed), Cashflow with red/green text and Endsaldo with a red/green background.
 */
export function ForecastTable({
  months,
  details,
  detailsMessage,
  currency,
  revenueExpanded,
  expenseExpanded,
  onToggleRevenue,
  onToggleExpense,
  expandedCategories,
  onToggleCategory,
  canEdit,
  onToggleLeaf,
  minimumBalance,
}: {
  months: ForecastMonthTotals[];
  details: ShownDetailsMonth[] | undefined;
  /** Shown instead of the detail rows while they load or when they failed. */
  detailsMessage: string | undefined;
  currency: string;
  revenueExpanded: boolean;
  expenseExpanded: boolean;
  onToggleRevenue: () => void;
  onToggleExpense: () => void;
  expandedCategories: ReadonlySet<string>;
  onToggleCategory: (key: string) => void;
  canEdit: boolean;
  onToggleLeaf: (month: string, leaf: ShownLeaf, category: string) => void;
  /** The organisation's "Mindestliquidität": end balances below it are marked, as the chart's line shows. */
  minimumBalance: number;
}) {
  const monthKeys = useMemo(() => months.map((month) => month.month), [months]);
  const revenueRows = useMemo(
    () => (revenueExpanded && details ? detailRows(details, 'revenue') : []),
    [details, revenueExpanded],
  );
  const expenseRows = useMemo(
    () => (expenseExpanded && details ? detailRows(details, 'expense') : []),
    [details, expenseExpanded],
  );
  const common = { months: monthKeys, currency, expandedCategories, onToggleCategory, canEdit, onToggleLeaf };
  const messageRow = (side: Side) =>
    detailsMessage ? (
      <tr key={`${side}-message`} className={classes.category}>
        <td colSpan={months.length + 1} style={{ textAlign: 'left' }}>
          {detailsMessage}
        </td>
      </tr>
    ) : null;

  return (
    <MonthTable caption={texts.tableCaption} className={classes.table}>
      <thead>
        <tr>
          <th scope="col" className={classes.label}>
            <VisuallyHidden>Monat</VisuallyHidden>
          </th>
          {months.map((month) => (
            <th scope="col" key={month.month}>
              {formatMonthLabel(month.month)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr className={`${classes.total} ${classes.revenue}`}>
          <th scope="row" className={classes.label}>
            <ExpandButton expanded={revenueExpanded} onToggle={onToggleRevenue}>
              {texts.revenue}
            </ExpandButton>
          </th>
          {months.map((month) => (
            <td key={month.month}>{formatAmount(month.revenue, currency)}</td>
          ))}
        </tr>
        {revenueExpanded
          ? (messageRow('revenue') ?? <CategoryRows side="revenue" rows={revenueRows} {...common} />)
          : null}
        <tr className={`${classes.total} ${classes.expense}`}>
          <th scope="row" className={classes.label}>
            <ExpandButton expanded={expenseExpanded} onToggle={onToggleExpense}>
              {texts.expense}
            </ExpandButton>
          </th>
          {months.map((month) => (
            <td key={month.month}>{formatAmount(month.expense, currency)}</td>
          ))}
        </tr>
        {expenseExpanded
          ? (messageRow('expense') ?? <CategoryRows side="expense" rows={expenseRows} {...common} />)
          : null}
        <tr>
          <th scope="row" className={classes.label}>
            {texts.cashflow}
          </th>
          {months.map((month) => (
            <td key={month.month}>
              <SignedAmount cents={month.cashflow} currency={currency} fw={600} />
            </td>
          ))}
        </tr>
        <tr className={classes.saldo}>
          <th scope="row" className={classes.label}>
            {texts.saldo}
          </th>
          {months.map((month) => {
            const below = month.saldo < minimumBalance;
            return (
              <td
                key={month.month}
                data-sign={sign(month.saldo)}
                data-below-minimum={below ? 'true' : undefined}
                title={below ? texts.belowMinimum : undefined}
              >
                {formatAmount(month.saldo, currency)}
                {below ? <VisuallyHidden>{` (${texts.belowMinimum})`}</VisuallyHidden> : null}
              </td>
            );
          })}
        </tr>
      </tbody>
    </MonthTable>
  );
}
