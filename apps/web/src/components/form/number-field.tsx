import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './bound-field';
import '@mantine/core/styles/NumberInput.css';

/** What a number field holds: the number, the text while it is no number yet ("8.", "0.0"), null while empty. */
export type TypedNumber = number | string | null;

export type NumberFieldProps<Fields extends FieldValues, Context = unknown, Transformed = Fields> = Omit<
  NumberInputProps,
  'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'error' | 'ref'
> &
  BoundFieldProps<Fields, Context, Transformed, TypedNumber>;

/**
 * A number with decimals as typed (a rate in percent the form converts itself) bound to a field of a
 * `useSchemaForm` form; shows the field's German message. The field keeps the text while it is no
 * number yet, so "8." keeps its point while the person types on; the schema reads it. For whole
 * numbers use `WholeNumberField`, for rates kept in thousandths `PercentField`.
 */
export function NumberField<Fields extends FieldValues, Context = unknown, Transformed = Fields>({
  control,
  name,
  deps,
  onChange,
  ...inputProps
}: NumberFieldProps<Fields, Context, Transformed>) {
  const { value, change, input } = useBoundField({ control, name, deps, onChange });
  return (
    <NumberInput
      {...inputProps}
      {...input}
      value={value ?? ''}
      onChange={(typed) => change(typed === '' ? null : typed)}
    />
  );
}
