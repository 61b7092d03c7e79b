import { AmountField } from '../../../../components/form/amount-input';
import { ChoiceField } from '../../../../components/form/choice-field';
import { DateField } from '../../../../components/form/date-input';
import { cycleChoices, FieldPair, sharedLabels, type LeverFieldsProps } from './lever-fields';
import { TransactionPicker } from './lever-targets';
import { NewPaymentFields, useAction } from './payment-fields';

/** "Transaktion" (docs/scenarios.md "Levers"): add one, or change or stop an existing one from a date. */
const actions = [
  { value: 'add', label: 'Neue Transaktion' },
  { value: 'change', label: 'Bestehende ändern' },
  { value: 'stop', label: 'Bestehende stoppen' },
];

export function TransactionLeverFields({ control }: LeverFieldsProps) {
  const action = useAction({ control });
  return (
    <>
      <ChoiceField control={control} name="action" label={sharedLabels.action} data={actions} />
      {action === 'add' ? (
        <NewPaymentFields control={control} withStart signed />
      ) : (
        <>
          <TransactionPicker control={control} />
          <DateField control={control} name="from" label={sharedLabels.from} required />
          {action === 'change' ? (
            <>
              <AmountField
                control={control}
                name="amount"
                label="Neuer Betrag (optional)"
                invertible
                description={sharedLabels.signHint}
              />
              <FieldPair>
                <ChoiceField
                  control={control}
                  name="cycle"
                  label={sharedLabels.cycle}
                  data={[{ value: 'unchanged' as const, label: 'Unverändert' }, ...cycleChoices]}
                />
                <DateField control={control} name="endDate" label={sharedLabels.endDate} />
              </FieldPair>
            </>
          ) : null}
        </>
      )}
    </>
  );
}
