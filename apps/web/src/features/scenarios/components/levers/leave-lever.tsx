import { DateField } from '../../../../components/form/date-input';
import type { LeverFieldsProps } from './lever-fields';
import { EmployeePicker } from './lever-targets';

/** "Austritt" (docs/scenarios.md "Levers"): an existing employee ends at a date. */
export function LeaveLeverFields({ control }: LeverFieldsProps) {
  return (
    <>
      <EmployeePicker control={control} />
      <DateField control={control} name="date" label="Austritt am" required />
    </>
  );
}
