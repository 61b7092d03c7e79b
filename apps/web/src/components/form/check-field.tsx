import { Checkbox, Switch, type CheckboxProps, type SwitchProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './bound-field';
import '@mantine/core/styles/Switch.css';

type Bound = 'checked' | 'defaultChecked' | 'onChange' | 'onBlur' | 'name' | 'error' | 'ref';

/** The props a checkbox or switch takes from its yes/no field. */
function useCheck<Fields extends FieldValues, Context, Transformed>(
  bound: BoundFieldProps<Fields, Context, Transformed, boolean>,
) {
  const { value, change, input } = useBoundField(bound);
  return {
    ...input,
    checked: Boolean(value),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => change(event.currentTarget.checked),
  };
}

/** A checkbox bound to a yes/no field of a `useSchemaForm` form; shows the field's German message. */
export function CheckboxField<Fields extends FieldValues, Context = unknown, Transformed = Fields>({
  control,
  name,
  deps,
  onChange,
  ...checkboxProps
}: Omit<CheckboxProps, Bound> & BoundFieldProps<Fields, Context, Transformed, boolean>) {
  return <Checkbox {...checkboxProps} {...useCheck({ control, name, deps, onChange })} />;
}

/** A switch bound to a yes/no field of a `useSchemaForm` form; shows the field's German message. */
export function SwitchField<Fields extends FieldValues, Context = unknown, Transformed = Fields>({
  control,
  name,
  deps,
  onChange,
  ...switchProps
}: Omit<SwitchProps, Bound> & BoundFieldProps<Fields, Context, Transformed, boolean>) {
  return <Switch {...switchProps} {...useCheck({ control, name, deps, onChange })} />;
}
