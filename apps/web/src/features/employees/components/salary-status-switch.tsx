import { useState } from 'react';
import { Switch } from '@mantine/core';
import type { Salary } from '@saldopilot/shared';
import { formatDate } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { updateSalary } from '../api/update-salary';
import { employeeTexts as texts } from './employee-texts';
import '@mantine/core/styles/Switch.css';

/**
 * "Status:" of a salary (research §7.3): on = active, saved at once; while the change is on its way
 * the switch shows the new state, and a failure puts it back and says so.
 */
export function SalaryStatusSwitch({ salary }: { salary: Salary }) {
  const [pending, setPending] = useState<boolean | undefined>(undefined);
  const active = pending ?? !salary.isDisabled;

  const change = async (next: boolean) => {
    setPending(next);
    try {
      await updateSalary(salary.id, { isDisabled: !next });
      showToast({
        severity: 'info',
        summary: texts.success,
        detail: next ? texts.salaryEnabledToast : texts.salaryDisabledToast,
        life: 'short',
      });
    } catch {
      showToast({ severity: 'error', summary: texts.error, detail: texts.statusFailed });
    } finally {
      setPending(undefined);
    }
  };

  return (
    <Switch
      size="sm"
      label={texts.status}
      labelPosition="left"
      aria-label={texts.statusOf(formatDate(salary.fromDate))}
      checked={active}
      disabled={pending !== undefined}
      onChange={(event) => void change(event.currentTarget.checked)}
    />
  );
}
