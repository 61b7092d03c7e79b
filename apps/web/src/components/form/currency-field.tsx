import type { FieldValues } from 'react-hook-form';
import { formatCurrencyLabel } from '../../lib/format';
import { useCurrencies } from '../../reference-data/currencies';
import type { BoundFieldProps } from './bound-field';
import { IdSelectField } from './id-select-field';

const texts = {
  loading: 'Wird geladen …',
  placeholder: 'Währung wählen',
  nothingFound: 'Keine Währung gefunden',
} as const;

/**
 * The currency select of every form (bank account, transaction, salary, organisation): all
 * currencies, searchable, the field holding the currency id.
 */
export function CurrencyField<Fields extends FieldValues, Context = unknown, Transformed = Fields>({
  label,
  description,
  readOnly = false,
  ...bound
}: Omit<BoundFieldProps<Fields, Context, Transformed, number | null>, 'onChange' | 'deps'> & {
  label: string;
  description?: string;
  readOnly?: boolean;
}) {
  const { data: currencies = [], isPending } = useCurrencies();
  return (
    <IdSelectField
      {...bound}
      label={label}
      description={description}
      required
      searchable
      readOnly={readOnly}
      variant={readOnly ? 'filled' : 'default'}
      placeholder={isPending ? texts.loading : texts.placeholder}
      nothingFoundMessage={texts.nothingFound}
      data={currencies.map((currency) => ({ value: currency.id, label: formatCurrencyLabel(currency) }))}
    />
  );
}
