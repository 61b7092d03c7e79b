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
