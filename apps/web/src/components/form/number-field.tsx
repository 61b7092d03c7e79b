import { NumberInput, type NumberInputProps } from '@mantine/core';
import { boundInput } from './bound-field';
import '@mantine/core/styles/NumberInput.css';

/** What a number field holds: the number, the text while it is no number yet ("8.", "0.0"), null while empty. */
export type TypedNumber = number | string | null;

/**
 * A number with decimals as typed (a rate in percent the form converts itself). The field keeps the
 * text while it is no number yet, so "8." keeps its point while the person types on; the schema
 * reads it. For whole numbers use `WholeNumberField`, for rates kept in thousandths `PercentField`.
 */
function TypedNumberInput({
  value,
  onChange,
  ...inputProps
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: TypedNumber | undefined;
  onChange: (value: TypedNumber) => void;
}) {
  return (
    <NumberInput {...inputProps} value={value ?? ''} onChange={(typed) => onChange(typed === '' ? null : typed)} />
  );
}

/** {@link TypedNumberInput} bound to a field of a `useSchemaForm` form; shows the field's German message. */
export const NumberField = boundInput(TypedNumberInput);
