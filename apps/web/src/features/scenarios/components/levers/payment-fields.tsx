import { useWatch } from 'react-hook-form';
import { ChoiceField } from '../../../../components/form/choice-field';
import { DateField } from '../../../../components/form/date-input';
import { CategoryPicker } from './lever-targets';
import { cycleChoices, FieldPair, MoneyFields, NameField, sharedLabels, type LeverFieldsProps } from './lever-fields';

/**
 * A payment a lever adds (a new transaction, a won customer): name, currency and amount, category
 * and cycle, and with `withStart` its start and end.
 */
export function NewPaymentFields({
  control,
  withStart,
  signed,
}: LeverFieldsProps & { withStart: boolean; signed: boolean }) {
  return (
    <>
      <NameField control={control} />
      <FieldPair>
        <MoneyFields control={control} signed={signed} />
      </FieldPair>
      <FieldPair>
        <CategoryPicker control={control} />
        <ChoiceField control={control} name="cycle" label={sharedLabels.cycle} data={cycleChoices} />
      </FieldPair>
      {withStart ? (
        <FieldPair>
          <DateField control={control} name="startDate" label="Start" required />
          <DateField control={control} name="endDate" label={sharedLabels.endDate} />
        </FieldPair>
      ) : null}
    </>
  );
}

/** The action choice of a lever with several ("Neue Transaktion", "Kunde verloren", …); answers the chosen one. */
export function useAction({ control }: LeverFieldsProps): string {
  return useWatch({ control, name: 'action' });
}
