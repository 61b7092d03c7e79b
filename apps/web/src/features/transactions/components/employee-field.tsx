import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { Transaction } from '@saldopilot/shared';
import { IdSelectField } from '../../../components/form/id-select-field';
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
  const options = (choices.data?.data ?? []).map((employee) => ({ value: employee.id, label: employee.name }));
  // The chosen employee stays an option while another search is shown.
  if (picked && !options.some((option) => option.value === picked.id)) {
    options.unshift({ value: picked.id, label: picked.name });
  }
  return (
    <IdSelectField
      {...hinted(texts.fields.employee, texts.hints.employee)}
      control={control}
      name="employeeId"
      allowDeselect
      searchable
      placeholder={texts.pleaseChoose}
      nothingFoundMessage={choices.isFetching ? texts.loading : texts.noEmployees}
      error={choices.isError ? texts.employeesFailed : undefined}
      data={options}
      // Filtering happens on the server; the select shows what it answered.
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const option = options.find((candidate) => candidate.value === id);
        setPicked(option ? { id: option.value, name: option.label } : null);
      }}
    />
  );
}
