import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A form checked by a shared zod schema, the house way: a field shows its German message once it
 * was left (and every field on submit), so nobody is scolded while still typing.
 */
export function useSchemaForm<Schema extends FormSchema>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver' | 'mode'>,
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: schemaResolver(schema),
    mode: 'onTouched',
    ...options,
  });
}

/** A form's check by a shared zod schema: its input is what the form edits, its output the request. */
export function schemaResolver<Schema extends FormSchema>(
  schema: Schema,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  return zodResolver(schema);
}
