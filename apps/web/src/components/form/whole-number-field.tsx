import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './bound-field';
import '@mantine/core/styles/NumberInput.css';

export type WholeNumberFieldProps<Fields extends FieldValues, Context = unknown, Transformed = Fields> = Omit<
  NumberInputProps,
  'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'error' | 'ref'
> &
  BoundFieldProps<Fields, Context, Transformed, number | null>;

/**
 * A whole number of zero or more (hours, days, an offset, a share) bound to a field of a
 * `useSchemaForm` form; shows the field's German message. An emptied field is `null` and stays empty,
 * so the schema's "required" message shows instead of a silent default; out-of-range numbers stay as
 * typed (no clamping), and so do a minus and decimals unless `allowNegative`/`allowDecimal` refuse
 * them (the field would otherwise drop the sign of "-5" or the point of "1.5" and show 5 or 15
 * without a word), so the schema's message tells the person what is allowed.
 */
export function WholeNumberField<Fields extends FieldValues, Context = unknown, Transformed = Fields>({
  control,
  name,
  deps,
  onChange,
  ...inputProps
}: WholeNumberFieldProps<Fields, Context, Transformed>) {
  const { value, change, input } = useBoundField({ control, name, deps, onChange });
  return (
    <NumberInput
      clampBehavior="none"
      {...inputProps}
      {...input}
      value={value ?? ''}
      // Empty is null: react-hook-form shows a field's default value in place of undefined, so an
      // emptied field would show the default (0) while its message says a value is needed.
      onChange={(typed) => change(typeof typed === 'number' ? typed : typed === '' ? null : Number(typed))}
    />
  );
}
