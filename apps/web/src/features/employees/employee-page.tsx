import { useCallback, useMemo } from 'react';
import { Alert, Anchor, Button, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBan, IconHistory, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { Salary } from '@saldopilot/shared';
import { pathTo } from '../../config/routes';
import { ApiError } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { runConfirmed } from '../../lib/user-action';
import { useCanEditCurrentOrganisation } from '../../reference-data/organisations';
import { useSignedInUser } from '../../reference-data/profile';
import { deleteEmployee } from './api/delete-employee';
import { deleteSalary } from './api/delete-salary';
import { employeeQuery } from './api/get-employee';
import { salariesQuery } from './api/list-salaries';
import { openCostOverviewDialog } from './components/cost-overview-dialog';
import { canAddTermination } from './components/employee-display';
import { EmployeeNameForm } from './components/employee-name-form';
import { employeeTexts as texts } from './components/employee-texts';
import { SalaryCard, type SalaryActions } from './components/salary-card';
import { openSalaryDialog, type SalaryDialogMode } from './components/salary-dialog';
import { openTerminationDialog } from './components/termination-dialog';
import classes from './components/employees.module.css';

export const handle = { title: texts.detailTitle } satisfies RouteHandle;

/** A centred section heading with a line on each side (docs/web.md "Mitarbeitende (Detailseite)"). */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Divider
        label={
          <Title order={2} fz="xl" fw={500} className={classes.sectionTitle}>
            {title}
          </Title>
        }
        labelPosition="center"
      />
      {children}
    </Stack>
  );
}

/**
 * "Mitarbeitende (Detailseite)" (docs/web.md "Mitarbeitende (Detailseite)"): name, delete, and the salary history with its
 * costs.
 */
export function Component() {
  const params = useParams();
  // The route's loader has checked that the id is a positive integer.
  const id = Number(params.id);
  const user = useSignedInUser();
  const canEdit = useCanEditCurrentOrganisation(user.currentOrganisationId);
  const navigate = useNavigate();
  const employee = useQuery(employeeQuery(id));
  const salaries = useQuery({ ...salariesQuery(id), enabled: employee.isSuccess });
  const rows = useMemo(() => salaries.data ?? [], [salaries.data]);
  const context = useMemo(
    () => ({ employeeId: id, salaries: rows, organisationCurrencyId: user.currency.id }),
    [id, rows, user.currency.id],
  );

  const openSalary = useCallback((mode: SalaryDialogMode) => void openSalaryDialog(mode, context), [context]);
  const actions: SalaryActions | undefined = useMemo(
    () =>
      canEdit
        ? {
            edit: (salary: Salary) => openSalary({ kind: 'edit', salary }),
            clone: (salary: Salary) => openSalary({ kind: 'clone', salary }),
            removeTermination: (salary: Salary) => {
              const date = formatDate(salary.fromDate);
              void runConfirmed(
                { header: texts.delete, message: texts.deleteTerminationQuestion(date) },
                () => deleteSalary(salary.id),
                { summary: texts.success, detail: texts.terminationDeleted },
              );
            },
          }
        : undefined,
    [canEdit, openSalary],
  );

  if (employee.isError) {
    // docs/web.md "Mitarbeitende (Detailseite)": a missing (or another organisation's) employee; the id itself
    // was valid.
    return (
      <Stack gap="lg">
        <Title order={1}>{handle.title}</Title>
        <Alert color="red" variant="outline" title={texts.notLoaded(String(params.id))} role="alert">
          {employee.error instanceof ApiError && employee.error.status !== 404 ? (
            <Text size="sm" mb="sm">
              {employee.error.message}
            </Text>
          ) : null}
          <Button component={Link} to={pathTo('employees')} variant="default" mt="xs">
            {texts.backToList}
          </Button>
        </Alert>
      </Stack>
    );
  }
  if (!employee.data) {
    return (
      <Stack gap="lg">
        <Title order={1}>{handle.title}</Title>
        <Skeleton h={160} radius="md" aria-label={texts.loading} />
      </Stack>
    );
  }
  const current = employee.data;

  const remove = async () => {
    const done = await runConfirmed(
      {
        header: texts.deleteHeader,
        message: texts.deleteQuestion(current.name, current.salaryCount, current.costCount),
      },
      () => deleteEmployee(current.id),
      { summary: texts.success, detail: texts.deleted(current.name) },
    );
    if (done) void navigate(pathTo('employees'));
  };

  // The active salary: the representative one while it is not in the future (API: salaryId).
  const activeId = current.isInFuture || current.isTerminated ? null : current.salaryId;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Button
          component={Link}
          to={pathTo('employees')}
          variant="subtle"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {texts.back}
        </Button>
        {canEdit ? (
          <Button
            color="red"
            variant="light"
            size="compact-sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void remove()}
          >
            {texts.delete}
          </Button>
        ) : null}
      </Group>
      <Title order={1}>{current.name}</Title>
      <Section title={texts.general}>
        <EmployeeNameForm employee={current} canEdit={canEdit} />
      </Section>
      <Section title={texts.history}>
        {canEdit ? (
          <Group justify="flex-end" gap="sm">
            <Button leftSection={<IconHistory size={18} aria-hidden />} onClick={() => openSalary({ kind: 'create' })}>
              {texts.addSalary}
            </Button>
            {canAddTermination(rows) ? (
              <Button
                variant="light"
                color="orange"
                leftSection={<IconBan size={18} aria-hidden />}
                onClick={() => void openTerminationDialog(context)}
              >
                {texts.addTermination}
              </Button>
            ) : null}
          </Group>
        ) : null}
        {salaries.isError ? (
          <Alert color="red" variant="light" role="alert">
            {texts.historyFailed}
          </Alert>
        ) : null}
        {salaries.isPending && !salaries.isError ? <Skeleton h={160} radius="md" /> : null}
        {salaries.isSuccess && rows.length === 0 ? (
          <Text>
            {texts.noSalary}{' '}
            {canEdit ? (
              <Anchor component="button" type="button" fw={700} onClick={() => openSalary({ kind: 'create' })}>
                {texts.firstSalary}
              </Anchor>
            ) : (
              <b>{texts.firstSalary}</b>
            )}
            !
          </Text>
        ) : null}
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3, xl: 4 }}
          spacing="lg"
          verticalSpacing="xl"
          pt="xs"
          role="list"
          aria-label={texts.history}
        >
          {rows.map((salary) => (
            <div role="listitem" key={salary.id}>
              <SalaryCard
                salary={salary}
                active={salary.id === activeId}
                actions={actions}
                onOpenCosts={(chosen) => void openCostOverviewDialog({ salary: chosen, employee: current, canEdit })}
              />
            </div>
          ))}
        </SimpleGrid>
      </Section>
    </Stack>
  );
}
