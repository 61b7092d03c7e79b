import { Select } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { SELECT, Z_INDEX } from '@saldopilot/shared';
import { formatCurrencyLabel } from '../../lib/format';
import { useCurrencies } from '../../reference-data/currencies';

const texts = {
  loading: 'Wird geladen …',
  placeholder: 'Währung wählen',
  nothingFound: 'Keine Währung gefunden',
} as const;

/**
 * The currency select of every form (bank account, transaction, salary, organisation): all
 * currencies, searchable, the field holding the currency id. Sits above dialogs.
 */
export function CurrencyField<Fields extends FieldValues, Context, Submitted extends FieldValues>({
  control,
  name,
  label,
  description,
  readOnly = false,
}: {
  control: Control<Fields, Context, Submitted>;
  name: FieldPath<Fields>;
  label: string;
  description?: string;
  readOnly?: boolean;
}) {
  const { data: currencies = [], isPending } = useCurrencies();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          description={description}
          required
          searchable
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          placeholder={isPending ? texts.loading : texts.placeholder}
          nothingFoundMessage={texts.nothingFound}
          data={currencies.map((currency) => ({ value: String(currency.id), label: formatCurrencyLabel(currency) }))}
          value={field.value ? String(field.value) : null}
          onChange={(value) => field.onChange(value ? Number(value) : undefined)}
          onBlur={field.onBlur}
          allowDeselect={false}
          maxDropdownHeight={SELECT.dropdownMaxHeight}
          comboboxProps={{ zIndex: Z_INDEX.modal + 10 }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
