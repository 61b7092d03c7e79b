import { NumberInput, type NumberInputProps } from '@mantine/core';
import { boundInput } from './bound-field';
import '@mantine/core/styles/NumberInput.css';

/**
 * A whole number of zero or more (hours, days, an offset, a share). An emptied field is `null` and
 * stays empty, so the schema's "required" message shows instead of a silent default; out-of-range
 * numbers stay as typed (no clamping), and so do a minus and decimals unless `allowNegative`/
 * `allowDecimal` refuse them (the field would otherwise drop the sign of "-5" or the point of "1.5"
 * and show 5 or 15 without a word), so the schema's message tells the person what is allowed.
 */
function WholeNumberInput({
  value,
  onChange,
  ...inputProps
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
}) {
  return (
    <NumberInput
      clampBehavior="none"
      {...inputProps}
      value={value ?? ''}
      // Empty is null: react-hook-form shows a field's default value in place of undefined, so an
      // emptied field would show the default (0) while its message says a value is needed.
      onChange={(typed) => onChange(typeof typed === 'number' ? typed : typed === '' ? null : Number(typed))}
    />
  );
}

/** {@link WholeNumberInput} bound to a field of a `useSchemaForm` form; shows the field's German message. */
export const WholeNumberField = boundInput(WholeNumberInput);
