import { NumberInput, type NumberInputProps } from '@mantine/core';
import { boundInput } from './bound-field';
import { percentOfThousandths, thousandthsOfPercent } from './percent-text';
import '@mantine/core/styles/NumberInput.css';

export interface PercentInputProps extends Omit<NumberInputProps, 'value' | 'onChange'> {
  /** Thousandths of a percent (5.3 % = 5300); null while empty. */
  value: number | null | undefined;
  onChange: (thousandths: number | null) => void;
}

/**
 * The one rate field: percent with up to 3 decimals and a "%" suffix, never negative, at most 100 %
 * unless `max` says otherwise; the value is thousandths of a percent, as the API keeps rates. Out
 * of range stays as typed, for the schema to name.
 *
 * With react-hook-form use {@link PercentField}.
 */
export function PercentInput({ value, onChange, ...inputProps }: PercentInputProps) {
  return (
    <NumberInput
      suffix=" %"
      decimalScale={3}
      min={0}
      max={100}
      allowNegative={false}
      clampBehavior="none"
      {...inputProps}
      value={percentOfThousandths(value)}
      onChange={(next) => onChange(thousandthsOfPercent(next))}
    />
  );
}

/** {@link PercentInput} bound to a field of a `useSchemaForm` form; shows the field's German message. */
export const PercentField = boundInput(PercentInput);
