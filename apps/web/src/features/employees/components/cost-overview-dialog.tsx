import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  LoadingOverlay,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconSearch, IconStar, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { cycleLabels, zurichDateOf, type EmployeeDetail, type Salary, type SalaryCost } from '@saldopilot/shared';
import { Amount } from '../../../components/money/amount';
import { DisplayToggle } from '../../../components/list/list-controls';
import { ListTable } from '../../../components/list/list-table';
import { DialogFooter } from '../../../components/form/dialog-footer';
import { openDialog } from '../../../lib/dialog';
import { usePreference } from '../../../lib/preferences';
import { useServerTime } from '../../../reference-data/server-time';
import { runConfirmed } from '../../../lib/user-action';
import { deleteSalaryCost } from '../api/delete-salary-cost';
import { salariesQuery } from '../api/list-salaries';
import { salaryCostsQuery } from '../api/list-salary-costs';
import { openCopyCostsDialog } from './copy-costs-dialog';
import { openCostDialog } from './cost-dialog';
import { CostCard, costColumns, type CostActions } from './cost-views';
import { costFilterLabels, labelText, visibleCostGroups, type CostFilter } from './employee-display';
import { employeeTexts as texts } from './employee-texts';
import { openPresetsDialog } from './presets-dialog';
import classes from './employees.module.css';
import '@mantine/core/styles/Switch.css';

interface OverviewContext {
  salary: Salary;
  employee: EmployeeDetail;
  canEdit: boolean;
}

const noSort = { field: 'label', order: 'ASC' } as const;

/** Brutto, Netto and Gesamtkosten of the salary, read afresh after every change of its costs. */
function SalaryTotals({ salary }: { salary: Salary }) {
  const currency = salary.currency.code;
  const perCycle = texts.perCycle(cycleLabels[salary.cycle]);
  return (
    <Group gap="lg" role="status" aria-live="polite">
      <Text size="sm">
        {texts.gross}: <Amount cents={salary.amount} currency={currency} fw={700} /> {perCycle}
      </Text>
      <Text size="sm">
        {texts.net}: <Amount cents={salary.netAmount} currency={currency} fw={700} /> {perCycle}
      </Text>
      <Text size="sm">
        {texts.totalCost}: <Amount cents={salary.totalCost} currency={currency} fw={700} /> {perCycle}
      </Text>
    </Group>
  );
}

function CostOverview({ context, close }: { context: OverviewContext; close: () => void }) {
  const { employee, canEdit } = context;
  const salaries = useQuery(salariesQuery(employee.id));
  const salary = salaries.data?.find((row) => row.id === context.salary.id) ?? context.salary;
  const costs = useQuery(salaryCostsQuery(salary.id));
  const [display, setDisplay] = usePreference('costOverviewDisplay');
  const [grouping, setGrouping] = usePreference('costOverviewGrouping');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<CostFilter>('all');
  const currency = salary.currency.code;
  const rows = useMemo(() => costs.data ?? [], [costs.data]);
  const groups = visibleCostGroups(rows, { search, filter, grouped: grouping === 'grouped' });

  const actions: CostActions | undefined = canEdit
    ? {
        edit: (cost: SalaryCost) => void openCostDialog({ kind: 'edit', cost }, { salary, costs: rows }),
        clone: (cost: SalaryCost) => void openCostDialog({ kind: 'clone', cost }, { salary, costs: rows }),
        remove: (cost: SalaryCost) => {
          const label = labelText(cost);
          void runConfirmed(
            { header: texts.delete, message: texts.deleteCostQuestion(label) },
            () => deleteSalaryCost(cost.id),
            { summary: texts.success, detail: texts.costDeleted(label) },
          );
        },
      }
    : undefined;
  const serverTime = useServerTime();
  // The server's day decides which payment is next (loaded at start; the browser's day until then).
  const today = zurichDateOf(serverTime.data ? new Date(serverTime.data.date) : new Date());
  const columns = costColumns(currency, today, actions);

  return (
    <Stack gap="sm">
      <SalaryTotals salary={salary} />
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label={texts.search}
          placeholder={texts.search}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={
            search ? <CloseButton size="sm" aria-label="Suche leeren" onClick={() => setSearch('')} /> : null
          }
          w="14rem"
        />
        <Select
          aria-label={texts.distributionFilter}
          data={(Object.keys(costFilterLabels) as CostFilter[]).map((value) => ({
            value,
            label: costFilterLabels[value],
          }))}
          value={filter}
          onChange={(value) => value && setFilter(value as CostFilter)}
          allowDeselect={false}
          w="14rem"
        />
        <DisplayToggle display={display} onChange={setDisplay} />
        <Switch
          label={texts.grouped}
          checked={grouping === 'grouped'}
          onChange={(event) => setGrouping(event.currentTarget.checked ? 'grouped' : 'ungrouped')}
        />
      </Group>
      <Stack gap="sm" p="md" className={classes.panel} pos="relative">
        <LoadingOverlay
          visible={costs.isFetching && !costs.isPending}
          overlayProps={{ blur: 1 }}
          loaderProps={{ size: 'sm' }}
        />
        {canEdit ? (
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button
              variant="light"
              leftSection={<IconStar size={18} aria-hidden />}
              onClick={() => void openPresetsDialog(salary, employee.birthDate)}
            >
              {texts.presets}
            </Button>
            <Button
              variant="light"
              color="violet"
              leftSection={<IconUsers size={18} aria-hidden />}
              onClick={() => void openCopyCostsDialog({ salary, employee })}
            >
              {texts.copyFromEmployee}
            </Button>
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => void openCostDialog({ kind: 'create' }, { salary, costs: rows })}
            >
              {texts.addCost}
            </Button>
          </Group>
        ) : null}
        {costs.isError ? (
          <Alert color="red" variant="light" role="alert">
            {texts.costsFailed}
          </Alert>
        ) : null}
        {costs.isSuccess && groups.length === 0 ? <Text c="dimmed">{texts.noCosts}</Text> : null}
        {groups.map((group) => (
          <Stack key={group.key} gap="xs">
            {group.title ? (
              <Title order={3} fz="md">
                {group.title}
              </Title>
            ) : null}
            {display === 'grid' ? (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {group.costs.map((cost) => (
                  <CostCard
                    key={cost.id}
                    cost={cost}
                    currency={currency}
                    actions={actions}
                    nextPayment={salary.nextExecutionDate}
                    today={today}
                  />
                ))}
              </SimpleGrid>
            ) : (
              <ListTable
                label={group.title ?? texts.overviewTitle}
                rows={group.costs}
                rowKey={(cost) => cost.id}
                columns={columns}
                sort={noSort as never}
                onSortChange={() => undefined}
              />
            )}
          </Stack>
        ))}
      </Stack>
      <DialogFooter onCancel={close} cancelLabel={texts.close} />
    </Stack>
  );
}

/**
 * "Lohnkostenübersicht" (docs/web.md "Mitarbeitende (Detailseite)"): the costs of one salary and what they come
 * to.
 */
export function openCostOverviewDialog(context: OverviewContext): Promise<undefined> {
  return openDialog<undefined>({
    header: texts.overviewTitle,
    content: ({ close }) => <CostOverview context={context} close={() => close()} />,
  });
}
