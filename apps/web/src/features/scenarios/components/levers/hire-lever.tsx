import { useWatch } from 'react-hook-form';
import { ChoiceField } from '../../../../components/form/choice-field';
import { DateField } from '../../../../components/form/date-input';
import { IdSelectField } from '../../../../components/form/id-select-field';
import { WholeNumberField } from '../../../../components/form/whole-number-field';
import { FieldPair, FromToFields, MoneyFields, NameField, type LeverFieldsProps } from './lever-fields';

/**
 * "Neue Stelle" (docs/scenarios.md "Hire"): a salary, monthly or hourly, 12 or 13 payments, and the
 * birth date for BVG by age; the salary costs follow from the organisation's presets.
 */
export function HireLeverFields({ control }: LeverFieldsProps) {
  const basis = useWatch({ control, name: 'basis' });
  return (
    <>
      <NameField control={control} label="Stelle oder Name" />
      <FromToFields control={control} />
      <FieldPair>
        <ChoiceField
          control={control}
          name="basis"
          label="Lohnart"
          data={[
            { value: 'monthly' as const, label: 'Monatslohn' },
            { value: 'hourly' as const, label: 'Stundenlohn' },
          ]}
        />
        <MoneyFields
          control={control}
          name="salary"
          label={basis === 'hourly' ? 'Stundenlohn brutto' : 'Monatslohn brutto'}
          signed={false}
        />
        {basis === 'hourly' ? (
          <WholeNumberField control={control} name="hoursPerMonth" label="Arbeitsstunden pro Monat" required min={0} />
        ) : null}
        <IdSelectField
          control={control}
          name="payments"
          label="Anzahl Löhne"
          data={[
            { value: 12, label: '12 Löhne' },
            { value: 13, label: '13 Löhne (mit 13. Monatslohn)' },
          ]}
        />
        <DateField
          control={control}
          name="birthDate"
          label="Geburtsdatum"
          description="Für die BVG-Beiträge nach Alter"
          required
        />
      </FieldPair>
    </>
  );
}
