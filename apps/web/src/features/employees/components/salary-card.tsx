import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { cycleLabels, type Salary } from '@saldopilot/shared';
import { Amount } from '../../../components/money/amount';
import { ListCard } from '../../../components/list/list-card';
import { RowAction } from '../../../components/list/row-action';
import { formatDate } from '../../../lib/format';
import { employeeTexts as texts } from './employee-texts';
import { SalaryStatusSwitch } from './salary-status-switch';
import classes from './employees.module.css';
import muted from '../../../components/list/muted.module.css';

/** What a salary card may do; absent for read-only members (no write controls at all). */
export interface SalaryActions {
  edit: (salary: Salary) => void;
  clone: (salary: Salary) => void;
  removeTermination: (salary: Salary) => void;
}

/**
 * A termination ("Austritt") in the salary history: a note and its delete button (docs/web.md
 * "Mitarbeitende (Detailseite)").
 */
function TerminationCard({ salary, actions }: { salary: Salary; actions: SalaryActions | undefined }) {
  const title = texts.from(formatDate(salary.fromDate));
  return (
    <ListCard
      title={title}
      actions={
        actions ? (
          <RowAction
            kind="delete"
            tooltip={texts.deleteTermination}
            label={`${texts.deleteTermination}: ${title}`}
            onClick={() => actions.removeTermination(salary)}
          />
        ) : undefined
      }
    >
      <Alert color="yellow" variant="light" p="xs">
        <Text size="sm">
          {salary.toDate ? texts.terminationUntil(formatDate(salary.toDate)) : texts.terminationPermanent}
        </Text>
      </Alert>
    </ListCard>
  );
}

/**
 * A salary of the history (docs/web.md "Mitarbeitende (Detailseite)"): hours, Gesamtkosten with Brutto and Netto
 * per cycle, vacation days, "Bis" (kept by the server) or "Dauerhaft", the cost overview and the
 * status.
 */
export function SalaryCard({
  salary,
  active,
  actions,
  onOpenCosts,
}: {
  salary: Salary;
  active: boolean;
  actions: SalaryActions | undefined;
  onOpenCosts: (salary: Salary) => void;
}) {
  if (salary.isTermination) return <TerminationCard salary={salary} actions={actions} />;
  const currency = salary.currency.code;
  const perCycle = texts.perCycle(cycleLabels[salary.cycle]);
  const fromText = formatDate(salary.fromDate);
  const title = texts.from(fromText);
  const classNames = [classes.salary, active ? classes.activeSalary : '', salary.isDisabled ? muted.muted : ''].join(
    ' ',
  );
  return (
    <div className={classNames} data-active={active || undefined}>
      {active ? (
        <Badge color="teal" variant="filled" size="sm" className={classes.pill}>
          {texts.activeSalary}
        </Badge>
      ) : null}
      {salary.isDisabled ? (
        <Badge color="gray" variant="filled" size="sm" className={classes.pill}>
          {texts.disabledPill}
        </Badge>
      ) : null}
      <ListCard
        title={title}
        actions={
          actions ? (
            <>
              <RowAction
                kind="clone"
                tooltip={texts.cloneSalary}
                label={`${texts.cloneSalary}: ${title}`}
                onClick={() => actions.clone(salary)}
              />
              <RowAction
                kind="edit"
                filled
                tooltip={texts.editSalary}
                label={`${texts.editSalary}: ${title}`}
                onClick={() => actions.edit(salary)}
              />
            </>
          ) : undefined
        }
      >
        {salary.isDisabled ? (
          <Alert color="yellow" variant="light" p="xs">
            <Text size="sm">{texts.salaryDisabledNote}</Text>
          </Alert>
        ) : null}
        <Text inherit>{texts.hoursPerMonth(salary.hoursPerMonth)}</Text>
        <Text inherit fw={700}>
          <Amount cents={salary.totalCost} currency={currency} /> {texts.totalCost}
        </Text>
        <Text inherit size="xs">
          {texts.gross}: <Amount cents={salary.amount} currency={currency} /> {perCycle}
        </Text>
        <Text inherit size="xs">
          {texts.net}: <Amount cents={salary.netAmount} currency={currency} /> {perCycle}
        </Text>
        {salary.hasThirteenthSalary ? (
          <Text inherit>
            {texts.thirteenthOnCard(texts.thirteenthMonths[salary.thirteenthSalaryMonth === 11 ? 11 : 12])}
          </Text>
        ) : null}
        <Text inherit>{texts.vacationInYear(salary.vacationDaysPerYear)}</Text>
        <Text inherit className={classes.end}>
          {salary.toDate ? texts.until(formatDate(salary.toDate)) : texts.permanent}
        </Text>
        <Group justify="space-between" mt={4}>
          {actions ? <SalaryStatusSwitch salary={salary} /> : <span />}
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPencil size={14} aria-hidden />}
            disabled={salary.isDisabled}
            aria-label={texts.costsOf(fromText)}
            onClick={() => onOpenCosts(salary)}
          >
            {texts.costsButton}
          </Button>
        </Group>
      </ListCard>
    </div>
  );
}
