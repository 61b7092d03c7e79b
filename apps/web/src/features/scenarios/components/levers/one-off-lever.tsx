import { DateField } from '../../../../components/form/date-input';
import { FieldPair, MoneyFields, NameField, sharedLabels, type LeverFieldsProps } from './lever-fields';
import { CategoryPicker } from './lever-targets';

/** "Einmalige Zahlung" (docs/scenarios.md "Levers"): one extra payment in or out on a date. */
export function OneOffLeverFields({ control }: LeverFieldsProps) {
  return (
    <>
      <NameField control={control} />
      <FieldPair>
        <DateField control={control} name="date" label={sharedLabels.date} required />
        <MoneyFields control={control} signed />
        <CategoryPicker control={control} label="Kategorie (optional)" optional />
      </FieldPair>
    </>
  );
}
