import { NumberInput, type NumberInputProps } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import '@mantine/core/styles/NumberInput.css';

export type WholeNumberFieldProps<Fields extends FieldValues, Context, Transformed> = Omit<
  NumberInputProps,
  'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'error' | 'ref' | 'allowDecimal' | 'allowNegative'
> & {
  /** The form's control, whatever its resolver turns the values into (the field needs only its name). */
  control: Control<Fields, Context, Transformed>;
  name: Path<Fields>;
};

/**
 * A whole number of zero or more (hours, days, an offset) bound to a field of a `useSchemaForm`
 * form; shows the field's German message. An emptied field is `null` and stays empty, so the
 * schema's "required" message shows instead of a silent default; out-of-range numbers stay as typed
 * (no clamping), and so do a minus and decimals (the field would otherwise drop the sign of "-5" or
 * the point of "1.5" and show 5 or 15 without a word), so the schema's message tells the person what
 * is allowed.
 */
export function WholeNumberField<Fields extends FieldValues, Context = unknown, Transformed = Fields>({
  control,
  name,
  ...inputProps
}: WholeNumberFieldProps<Fields, Context, Transformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          clampBehavior="none"
          {...inputProps}
          name={field.name}
          ref={field.ref}
          value={(field.value as number | null | undefined) ?? ''}
          // Empty is null: react-hook-form shows a field's default value in place of undefined, so an
          // emptied field would show the default (0) while its message says a value is needed.
          onChange={(value) => field.onChange(typeof value === 'number' ? value : value === '' ? null : Number(value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
