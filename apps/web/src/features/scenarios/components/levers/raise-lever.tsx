import { useWatch } from 'react-hook-form';
import { AmountField } from '../../../../components/form/amount-input';
import { ChoiceField } from '../../../../components/form/choice-field';
import { DateField } from '../../../../components/form/date-input';
import { PercentChangeField, sharedLabels, type LeverFieldsProps } from './lever-fields';
import { EmployeePicker } from './lever-targets';

/** "Lohnänderung" (docs/scenarios.md "Levers"): by an amount or a percentage from a date, for one employee or all. */
export function RaiseLeverFields({ control }: LeverFieldsProps) {
  const raiseBy = useWatch({ control, name: 'raiseBy' });
  return (
    <>
      <DateField control={control} name="from" label={sharedLabels.from} required />
      <EmployeePicker control={control} none="Alle Mitarbeitenden" />
      <ChoiceField
        control={control}
        name="raiseBy"
        label="Änderung als"
        data={[
          { value: 'percent' as const, label: 'Prozent' },
          { value: 'amount' as const, label: 'Betrag' },
        ]}
      />
      {raiseBy === 'percent' ? (
        <PercentChangeField control={control} />
      ) : (
        <AmountField control={control} name="amount" label="Betrag pro Lohn" required invertible />
      )}
    </>
  );
}
