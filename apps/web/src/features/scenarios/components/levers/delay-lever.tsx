import { DateField } from '../../../../components/form/date-input';
import { WholeNumberField } from '../../../../components/form/whole-number-field';
import { FieldPair, sharedLabels, type LeverFieldsProps } from './lever-fields';
import { TargetFields } from './lever-targets';

/** "Zahlungsverzug" (docs/scenarios.md "Levers"): occurrences shifted by 1 to 365 days from a date. */
export function DelayLeverFields({ control }: LeverFieldsProps) {
  return (
    <>
      <FieldPair>
        <WholeNumberField
          control={control}
          name="days"
          label="Verschiebung in Tagen"
          description="1 bis 365 Tage"
          required
          min={1}
          max={365}
        />
        <DateField control={control} name="from" label={sharedLabels.from} required />
      </FieldPair>
      <TargetFields control={control} allowed={['transaction', 'category', 'side']} />
    </>
  );
}
