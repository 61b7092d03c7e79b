import type { ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Z_INDEX, type Employee, type EmployeeSortField } from '@saldopilot/shared';
import { pathTo } from '../../../config/routes';
import type { ListColumn } from '../../../components/list/data-list';
import { ListCard } from '../../../components/list/list-card';
import { formatDate } from '../../../lib/format';
import { countText, dateText, employeeSalaryText, employeeState } from './employee-display';
import { employeeTexts as texts } from './employee-texts';
import classes from './employees.module.css';
import muted from '../../../components/list/muted.module.css';

/**
 * The round cog that opens the detail page (docs/web.md "Mitarbeitende"); a link, so it opens in a
 * new tab too.
 */
function OpenButton({ employee, size }: { employee: Employee; size: 'sm' | 'md' }) {
  const label = texts.open(employee.name);
  return (
    <Tooltip label={label} zIndex={Z_INDEX.tooltip}>
      <ActionIcon
        component={Link}
        to={pathTo('employees-id', { id: employee.id })}
        variant={size === 'md' ? 'outline' : 'subtle'}
        radius="xl"
        size={size}
        aria-label={label}
      >
        <IconSettings size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** A card of the grid view (docs/web.md "Mitarbeitende"): the representative salary's data. */
export function EmployeeCard({ employee }: { employee: Employee }) {
  const state = employeeState(employee);
  const card = (
    <ListCard
      title={<span className={classes.name}>{employee.name}</span>}
      actions={<OpenButton employee={employee} size="md" />}
    >
      {state === 'terminated' ? (
        <Alert color="yellow" variant="light" p="xs">
          <Text size="sm">{texts.terminatedNote}</Text>
        </Alert>
      ) : null}
      {state === 'no-data' ? (
        <Text inherit className={classes.noData}>
          {texts.noData}
        </Text>
      ) : null}
      {state === 'current' || state === 'upcoming' ? (
        <>
          <Text inherit className={state === 'current' ? classes.current : classes.upcoming}>
            {state === 'current' ? texts.currentData : texts.upcomingData}
          </Text>
          <Text inherit>{texts.hoursPerMonth(employee.hoursPerMonth ?? 0)}</Text>
          <Text inherit>{employeeSalaryText(employee)}</Text>
          <Text inherit>{texts.vacationPerYear(employee.vacationDaysPerYear ?? 0)}</Text>
          {employee.fromDate ? (
            <Text inherit>
              <b>{state === 'current' ? texts.validSince : texts.validFrom}</b> {formatDate(employee.fromDate)}
            </Text>
          ) : null}
          {employee.toDate ? (
            <Text inherit>
              <b>{texts.validUntil}</b> {formatDate(employee.toDate)}
            </Text>
          ) : null}
          {employee.willBeTerminated ? (
            <Text inherit className={classes.leaving}>
              {texts.leaving}
            </Text>
          ) : null}
        </>
      ) : null}
    </ListCard>
  );
  return employee.isTerminated ? <div className={`${muted.muted} ${muted.fill}`}>{card}</div> : card;
}

function cell(employee: Employee, content: ReactNode): ReactNode {
  return employee.isTerminated ? <span className={muted.mutedCell}>{content}</span> : content;
}

/** The table view's columns (docs/web.md "Mitarbeitende"), all sortable on the server. */
export function employeeColumns(): ListColumn<Employee, EmployeeSortField>[] {
  const c = texts.columns;
  return [
    {
      key: 'name',
      header: c.name,
      sortField: 'name',
      render: (employee) => (
        <Group gap={6} wrap="nowrap">
          {cell(employee, <span className={classes.name}>{employee.name}</span>)}
          {employee.isTerminated ? (
            <Badge color="orange" variant="light" size="sm" radius="sm">
              {texts.terminatedTag}
            </Badge>
          ) : null}
          {employee.willBeTerminated ? (
            <Badge color="yellow" variant="light" size="sm" radius="sm">
              {texts.leaving}
            </Badge>
          ) : null}
          <OpenButton employee={employee} size="sm" />
        </Group>
      ),
    },
    {
      key: 'hours',
      header: c.hours,
      sortField: 'hoursPerMonth',
      align: 'right',
      render: (employee) => cell(employee, countText(employee.hoursPerMonth)),
    },
    {
      key: 'salary',
      header: c.salary,
      sortField: 'salaryAmount',
      align: 'right',
      render: (employee) => cell(employee, employeeSalaryText(employee)),
    },
    {
      key: 'vacation',
      header: c.vacation,
      sortField: 'vacationDaysPerYear',
      align: 'right',
      render: (employee) => cell(employee, countText(employee.vacationDaysPerYear)),
    },
    {
      key: 'from',
      header: c.from,
      sortField: 'fromDate',
      render: (employee) => cell(employee, dateText(employee.fromDate)),
    },
    {
      key: 'to',
      header: c.to,
      sortField: 'toDate',
      render: (employee) => cell(employee, dateText(employee.toDate)),
    },
  ];
}
