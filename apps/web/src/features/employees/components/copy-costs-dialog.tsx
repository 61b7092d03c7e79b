import { useState } from 'react';
import { Alert, Button, Checkbox, Select, Stack, Table, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { costCycleLabels, SELECT, type EmployeeDetail, type Salary } from '@saldopilot/shared';
import { DialogFooter } from '../../../components/form/dialog-footer';
import { useInlineMessage } from '../../../components/form/inline-message';
import { useDialogDirty } from '../../../components/form/use-entity-form';
import { ApiError } from '../../../lib/api-error';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { showToast } from '../../../lib/toast';
import { confirmDestructive } from '../../../lib/user-action';
import { copySalaryCosts } from '../api/copy-salary-costs';
import { employeesQuery } from '../api/list-employees';
import { salariesQuery } from '../api/list-salaries';
import { salaryCostsQuery } from '../api/list-salary-costs';
import { amountTypeTexts, distributionTexts, labelText, salaryOptionText } from './employee-display';
import { employeeTexts as texts } from './employee-texts';

interface CopyContext {
  salary: Salary;
  employee: EmployeeDetail;
}

/**
 * "Lohnkosten kopieren" into the current salary (docs/web.md "Mitarbeitende (Detailseite)"): from another salary
 * of the same employee the chosen costs are added; from another employee's salary all costs replace
 * this salary's, asked first.
 */
function CopyCosts({ context, dialog }: { context: CopyContext; dialog: DialogControls<undefined> }) {
  const [employeeId, setEmployeeId] = useState<number>(context.employee.id);
  const [sourceId, setSourceId] = useState<number | null>(null);
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  const [message, setMessage] = useInlineMessage();
  const [busy, setBusy] = useState(false);
  // A chosen source is input: leaving asks first.
  useDialogDirty(dialog, sourceId !== null || employeeId !== context.employee.id);
  const employees = useQuery(
    employeesQuery({ page: 1, limit: 100, sortBy: 'name', sortOrder: 'ASC', hideTerminated: false }),
  );
  const salaries = useQuery(salariesQuery(employeeId));
  const sources = (salaries.data ?? []).filter((salary) => salary.id !== context.salary.id && !salary.isTermination);
  const costs = useQuery({ ...salaryCostsQuery(sourceId ?? 0), enabled: sourceId !== null });
  const rows = sourceId === null ? [] : (costs.data ?? []);
  const sameEmployee = employeeId === context.employee.id;
  const chosen = rows.filter((cost) => !excluded.has(cost.id));

  const employeeOptions = (employees.data?.data ?? []).map((employee) => ({
    value: String(employee.id),
    label: employee.name,
  }));
  if (!employeeOptions.some((option) => option.value === String(context.employee.id))) {
    employeeOptions.unshift({ value: String(context.employee.id), label: context.employee.name });
  }

  const copy = async () => {
    if (sourceId === null) return;
    if (!sameEmployee) {
      const confirmed = await confirmDestructive({ header: texts.replaceHeader, message: texts.replaceQuestion });
      if (!confirmed) return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await copySalaryCosts(
        context.salary.id,
        sameEmployee ? { ids: chosen.map((cost) => cost.id) } : { sourceSalaryId: sourceId },
      );
      showToast({ severity: 'success', summary: texts.success, detail: texts.copied });
      dialog.close();
    } catch (error) {
      setMessage({
        severity: 'error',
        text: texts.copyFailed,
        detail: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };

  const allChosen = rows.length > 0 && chosen.length === rows.length;
  return (
    <Stack gap="sm">
      <Select
        label={texts.copyFromEmployeeField}
        searchable
        data={employeeOptions}
        value={String(employeeId)}
        onChange={(value) => {
          if (!value) return;
          setEmployeeId(Number(value));
          setSourceId(null);
          setExcluded(new Set());
        }}
        allowDeselect={false}
        nothingFoundMessage={texts.noEmployees}
        maxDropdownHeight={SELECT.dropdownMaxHeight}
      />
      <Select
        label={texts.copyFromSalaryField}
        placeholder={salaries.isPending ? texts.loading : texts.pleaseChoose}
        data={sources.map((salary) => ({ value: String(salary.id), label: salaryOptionText(salary) }))}
        value={sourceId === null ? null : String(sourceId)}
        onChange={(value) => {
          setSourceId(value ? Number(value) : null);
          setExcluded(new Set());
        }}
        nothingFoundMessage={texts.noSalaries}
        // The usual case is another salary of the same employee (preselected above).
        data-autofocus
      />
      {sameEmployee ? (
        <Alert color="blue" variant="light">
          {texts.copyAppendInfo}
        </Alert>
      ) : (
        <Alert color="yellow" variant="light">
          {texts.copyReplaceWarning}
        </Alert>
      )}
      {sourceId !== null && costs.isSuccess && rows.length === 0 ? <Text c="dimmed">{texts.noBases}</Text> : null}
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label={texts.copyTitle}>
            <Table.Thead>
              <Table.Tr>
                {sameEmployee ? (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={texts.selectAll}
                      checked={allChosen}
                      indeterminate={chosen.length > 0 && !allChosen}
                      onChange={() => setExcluded(allChosen ? new Set(rows.map((cost) => cost.id)) : new Set())}
                    />
                  </Table.Th>
                ) : null}
                <Table.Th>{texts.columnsCost.label}</Table.Th>
                <Table.Th>{texts.columnsCost.amountType}</Table.Th>
                <Table.Th>{texts.costFields.cycle}</Table.Th>
                <Table.Th>{texts.columnsCost.distribution}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((cost) => (
                <Table.Tr key={cost.id}>
                  {sameEmployee ? (
                    <Table.Td>
                      <Checkbox
                        aria-label={texts.select(labelText(cost))}
                        checked={!excluded.has(cost.id)}
                        onChange={(event) => {
                          const next = new Set(excluded);
                          if (event.currentTarget.checked) next.delete(cost.id);
                          else next.add(cost.id);
                          setExcluded(next);
                        }}
                      />
                    </Table.Td>
                  ) : null}
                  <Table.Td>{labelText(cost)}</Table.Td>
                  <Table.Td>{amountTypeTexts[cost.amountType]}</Table.Td>
                  <Table.Td>{costCycleLabels[cost.cycle]}</Table.Td>
                  <Table.Td>{distributionTexts[cost.distributionType]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <DialogFooter onCancel={dialog.dismiss} cancelLabel={texts.close} message={message}>
        <Button
          leftSection={<IconCopy size={18} aria-hidden />}
          disabled={sourceId === null || chosen.length === 0}
          loading={busy}
          onClick={() => void copy()}
        >
          {texts.copyButton}
        </Button>
      </DialogFooter>
    </Stack>
  );
}

export function openCopyCostsDialog(context: CopyContext): Promise<undefined> {
  return openDialog<undefined>({
    header: texts.copyTitle,
    content: (dialog) => <CopyCosts context={context} dialog={dialog} />,
  });
}
