import type { Salary } from '@saldopilot/shared';
import { StatusSwitch } from '../../../components/form/status-switch';
import { formatDate } from '../../../lib/format';
import { updateSalary } from '../api/update-salary';
import { employeeTexts as texts } from './employee-texts';

/** "Status:" of a salary (docs/web.md "Mitarbeitende (Detailseite)"): on = active, saved at once. */
export function SalaryStatusSwitch({ salary }: { salary: Salary }) {
  return (
    <StatusSwitch
      active={!salary.isDisabled}
      label={texts.status}
      ariaLabel={texts.statusOf(formatDate(salary.fromDate))}
      save={(active) => updateSalary(salary.id, { isDisabled: !active })}
      messages={{ enabled: texts.salaryEnabledToast, disabled: texts.salaryDisabledToast, failed: texts.statusFailed }}
    />
  );
}
