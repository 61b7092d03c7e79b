import { Select, type SelectProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './bound-field';

export type ChoiceFieldProps<
  Fields extends FieldValues,
  Choice extends string,
  Context = unknown,
  Transformed = Fields,
> = Omit<
  SelectProps,
  'data' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'ref' | 'allowDeselect' | 'clearable'
> &
  BoundFieldProps<Fields, Context, Transformed, Choice> & {
    /** The choices (a cycle, a type, a role) with their German labels. */
    data: readonly { value: Choice; label: string }[];
  };

/**
 * A select of fixed choices whose field holds the chosen text (docs/web.md "Forms and dialogs"):
 * one choice is always chosen. For a field that holds an id use `IdSelectField`.
 */
export function ChoiceField<
  Fields extends FieldValues,
  Choice extends string,
  Context = unknown,
  Transformed = Fields,
>({ control, name, deps, onChange, data, ...selectProps }: ChoiceFieldProps<Fields, Choice, Context, Transformed>) {
  const { value, change, input } = useBoundField({ control, name, deps, onChange });
  return (
    <Select
      {...selectProps}
      {...input}
      data={data}
      value={value ?? null}
      onChange={(chosen) => {
        if (chosen !== null) change(chosen as Choice);
      }}
      allowDeselect={false}
    />
  );
}
