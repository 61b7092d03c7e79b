import { ChoiceField } from '../../../../components/form/choice-field';
import { DateField } from '../../../../components/form/date-input';
import { sharedLabels, type LeverFieldsProps } from './lever-fields';
import { TargetFields } from './lever-targets';
import { NewPaymentFields, useAction } from './payment-fields';

/** "Kunde verloren / gewonnen" (docs/scenarios.md "Levers"): a transaction's or a category's revenue stops, or a new one. */
const actions = [
  { value: 'lose', label: 'Kunde verloren' },
  { value: 'win', label: 'Kunde gewonnen' },
];

export function CustomerLeverFields({ control }: LeverFieldsProps) {
  const action = useAction({ control });
  return (
    <>
      <ChoiceField control={control} name="action" label={sharedLabels.action} data={actions} />
      <DateField control={control} name="from" label={sharedLabels.from} required />
      {action === 'lose' ? (
        <TargetFields control={control} allowed={['transaction', 'category']} />
      ) : (
        <NewPaymentFields control={control} withStart={false} signed={false} />
      )}
    </>
  );
}
