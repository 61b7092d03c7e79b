import { Select, type SelectProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { SELECT } from '@saldopilot/shared';
import { useBoundField, type BoundFieldProps } from './bound-field';

/** The value of the `none` choice (a select's values are texts). */
const NONE = '';

export type IdSelectFieldProps<Fields extends FieldValues, Context = unknown, Transformed = Fields> = Omit<
  SelectProps,
  'data' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'ref' | 'allowDeselect' | 'clearable'
> &
  BoundFieldProps<Fields, Context, Transformed, number | null> & {
    /** The choices: an id (or another number, e.g. days) and its label. */
    data: readonly { value: number; label: string }[];
    /** The field may be emptied (null): by the clear button or by choosing the chosen entry again. */
    allowDeselect?: boolean;
    /** The label of a first choice that stands for null ("Kein bestimmtes Konto"). */
    none?: string;
  };

/**
 * A select whose field holds a number, mostly an id (docs/web.md "Forms and dialogs"): the select's
 * texts become the number and back here, once. A chosen entry stays chosen unless `allowDeselect`;
 * `none` offers null as a choice of its own. `error` shows instead of the field's message (a list
 * that failed to load).
 */
export function IdSelectField<Fields extends FieldValues, Context = unknown, Transformed = Fields>({
  control,
  name,
  deps,
  onChange,
  data,
  allowDeselect = false,
  none,
  error,
  ...selectProps
}: IdSelectFieldProps<Fields, Context, Transformed>) {
  const { value, change, input } = useBoundField({ control, name, deps, onChange });
  const choices = data.map((choice) => ({ value: String(choice.value), label: choice.label }));
  return (
    <Select
      maxDropdownHeight={SELECT.dropdownMaxHeight}
      {...selectProps}
      {...input}
      error={error ?? input.error}
      data={none === undefined ? choices : [{ value: NONE, label: none }, ...choices]}
      value={value == null ? (none === undefined ? null : NONE) : String(value)}
      onChange={(chosen) => {
        if (chosen === null && !allowDeselect) return;
        change(chosen ? Number(chosen) : null);
      }}
      allowDeselect={allowDeselect}
      clearable={allowDeselect}
    />
  );
}
