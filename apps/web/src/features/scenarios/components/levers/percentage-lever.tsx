import { FromToFields, PercentChangeField, type LeverFieldsProps } from './lever-fields';
import { TargetFields } from './lever-targets';

/** "Prozentuale Veränderung" (docs/scenarios.md "Levers"): −100 … +500 % on a category or a side over a date range. */
export function PercentageLeverFields({ control }: LeverFieldsProps) {
  return (
    <>
      <PercentChangeField control={control} />
      <FromToFields control={control} />
      <TargetFields control={control} allowed={['category', 'side']} />
    </>
  );
}
