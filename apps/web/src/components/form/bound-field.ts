import { createElement, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * What every field of the kit takes (docs/web.md "Forms and dialogs"): the form's control, whatever
 * its resolver turns the values into (the field needs only its name), and the field's name.
 */
export interface BoundFieldProps<Fields extends FieldValues, Context, Transformed, Value> {
  control: Control<Fields, Context, Transformed>;
  name: FieldPath<Fields>;
  /** The fields validated again whenever this one changes (react-hook-form's `deps`). */
  deps?: FieldPath<Fields>[];
  /** Called once the form holds the new value, for what follows from it (another field cleared, …). */
  onChange?: (value: Value) => void;
}

/**
 * The one wiring of a kit field to its form field: the value, a change that also tells `onChange`,
 * and the props every input takes (name, ref for the focus on an error, blur for "touched", and the
 * field's German message).
 */
export function useBoundField<Fields extends FieldValues, Context, Transformed, Value>({
  control,
  name,
  deps,
  onChange,
}: BoundFieldProps<Fields, Context, Transformed, Value>) {
  const { field, fieldState } = useController({ control, name, ...(deps ? { rules: { deps } } : {}) });
  return {
    value: field.value as Value,
    change: (value: Value) => {
      field.onChange(value);
      onChange?.(value);
    },
    input: { name: field.name, ref: field.ref, onBlur: field.onBlur, error: fieldState.error?.message },
  };
}

/** What a kit field made by {@link boundInput} takes: the input's own props, less what the form supplies. */
export type BoundInputProps<InputProps, Fields extends FieldValues, Context, Transformed, Value> = Omit<
  InputProps,
  'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'error' | 'ref'
> &
  BoundFieldProps<Fields, Context, Transformed, Value>;

/**
 * The kit field of an input that takes `value` and `onChange(value)` (AmountInput, DateInput,
 * PercentInput): the input bound to a field of a `useSchemaForm` form, showing the field's German
 * message.
 */
export function boundInput<InputProps extends { onChange: (value: never) => void }>(
  Input: (props: InputProps) => ReactNode,
) {
  type Value = Parameters<InputProps['onChange']>[0];
  return function BoundInput<Fields extends FieldValues, Context = unknown, Transformed = Fields>({
    control,
    name,
    deps,
    onChange,
    ...inputProps
  }: BoundInputProps<InputProps, Fields, Context, Transformed, Value>) {
    const { value, change, input } = useBoundField({ control, name, deps, onChange });
    return createElement(Input, { ...inputProps, ...input, value, onChange: change } as unknown as InputProps);
  };
}
