import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { SELECT, Z_INDEX, type Transaction } from '@saldopilot/shared';
import { SEARCH_DEBOUNCE_MS } from '../../../components/list/list-texts';
import { employeeChoicesQuery } from '../api/search-employees';
import { hinted } from './info-tip';
import type { TransactionControl } from './transaction-form-values';
import { transactionTexts as texts } from './transaction-texts';

/**
 * "Mitarbeiter" (docs/web.md "Transaktionen"): optional, clearable, searching all employees of the
 * organisation on the server, terminated ones included (ours).
 */
export function EmployeeField({ control, linked }: { control: TransactionControl; linked: Transaction['employee'] }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(linked);
  const choices = useQuery(employeeChoicesQuery(debounced));
  const options = (choices.data?.data ?? []).map((employee) => ({ value: String(employee.id), label: employee.name }));
  // The chosen employee stays an option while another search is shown.
  if (picked && !options.some((option) => option.value === String(picked.id))) {
    options.unshift({ value: String(picked.id), label: picked.name });
  }
  return (
    <Controller
      control={control}
      name="employeeId"
      render={({ field }) => (
        <Select
          {...hinted(texts.fields.employee, texts.hints.employee)}
          clearable
          searchable
          placeholder={texts.pleaseChoose}
          nothingFoundMessage={choices.isFetching ? texts.loading : texts.noEmployees}
          error={choices.isError ? texts.employeesFailed : undefined}
          data={options}
          // Filtering happens on the server; the select shows what it answered.
          filter={({ options: all }) => all}
          searchValue={search}
          onSearchChange={setSearch}
          value={field.value ? String(field.value) : null}
          onChange={(value, option) => {
            setPicked(value && option ? { id: Number(value), name: option.label } : null);
            field.onChange(value ? Number(value) : null);
          }}
          onBlur={field.onBlur}
          maxDropdownHeight={SELECT.dropdownMaxHeight}
          comboboxProps={{ zIndex: Z_INDEX.modal + 10 }}
        />
      )}
    />
  );
}
