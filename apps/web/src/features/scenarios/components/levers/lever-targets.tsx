import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { ChoiceField } from '../../../../components/form/choice-field';
import { IdSelectField } from '../../../../components/form/id-select-field';
import { SEARCH_DEBOUNCE_MS } from '../../../../components/list/list-texts';
import { allCategoriesQuery, targetQuery, targetSearchQuery, type TargetKind } from '../../api/list-targets';
import type { Target } from '../lever-form-values';
import type { LeverFieldsProps } from './lever-fields';

/**
 * The target pickers of the lever forms (docs/scenarios.md "One scenario"): a transaction or an
 * employee searched on the server over all of the organisation's rows, a category from all pages.
 */
const texts = {
  transaction: 'Transaktion',
  employee: 'Mitarbeitende',
  category: 'Kategorie',
  searchHint: 'Tippen Sie, um zu suchen',
  loading: 'Wird geladen …',
  nothingFound: 'Keine Treffer',
  loadFailed: 'Die Auswahl konnte nicht geladen werden',
  target: 'Betrifft',
  side: 'Seite',
} as const;

const fieldOf = { transactions: 'transactionId', employees: 'employeeId' } as const;

/**
 * A transaction or an employee, searched on the server (the select shows what the server answered);
 * the chosen row stays an option, read by its id, while another search is shown. `none` offers
 * "nobody in particular" (a raise for all).
 */
function SearchedPicker({
  control,
  kind,
  label,
  none,
}: LeverFieldsProps & { kind: TargetKind; label: string; none?: string }) {
  const name = fieldOf[kind];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const chosenId = useWatch({ control, name });
  const found = useQuery(targetSearchQuery(kind, debounced));
  const chosen = useQuery(targetQuery(kind, chosenId));
  const options = (found.data?.data ?? []).map((row) => ({ value: row.id, label: row.name }));
  if (chosen.data && !options.some((option) => option.value === chosen.data.id)) {
    options.unshift({ value: chosen.data.id, label: chosen.data.name });
  }
  return (
    <IdSelectField
      control={control}
      name={name}
      label={label}
      required={none === undefined}
      none={none}
      searchable
      placeholder={texts.searchHint}
      nothingFoundMessage={found.isFetching ? texts.loading : texts.nothingFound}
      error={found.isError ? texts.loadFailed : undefined}
      data={options}
      // The server has filtered; the select shows what it answered.
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
    />
  );
}

export function TransactionPicker({ control }: LeverFieldsProps) {
  return <SearchedPicker control={control} kind="transactions" label={texts.transaction} />;
}

export function EmployeePicker({ control, none }: LeverFieldsProps & { none?: string }) {
  return <SearchedPicker control={control} kind="employees" label={texts.employee} none={none} />;
}

/** A category of all the organisation's (searched in the browser: an organisation has few). */
export function CategoryPicker({
  control,
  label = texts.category,
  optional = false,
}: LeverFieldsProps & { label?: string; optional?: boolean }) {
  const categories = useQuery(allCategoriesQuery);
  return (
    <IdSelectField
      control={control}
      name="categoryId"
      label={label}
      required={!optional}
      allowDeselect={optional}
      searchable
      error={categories.isError ? texts.loadFailed : undefined}
      data={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
    />
  );
}

const targetLabels: Record<Target, string> = {
  transaction: 'Eine Transaktion',
  category: 'Eine Kategorie',
  side: 'Alle Einnahmen oder Ausgaben',
};
const sideChoices = [
  { value: 'revenue' as const, label: 'Alle Einnahmen' },
  { value: 'expense' as const, label: 'Alle Ausgaben' },
];

/** What a lever acts on, of the `allowed` kinds: one transaction, one category or a whole side. */
export function TargetFields({ control, allowed }: LeverFieldsProps & { allowed: readonly Target[] }) {
  const target = useWatch({ control, name: 'target' });
  const shown = allowed.includes(target) ? target : allowed[0]!;
  return (
    <>
      <ChoiceField
        control={control}
        name="target"
        label={texts.target}
        data={allowed.map((value) => ({ value, label: targetLabels[value] }))}
      />
      {shown === 'transaction' ? (
        <TransactionPicker control={control} />
      ) : shown === 'category' ? (
        <CategoryPicker control={control} />
      ) : (
        <ChoiceField control={control} name="side" label={texts.side} data={sideChoices} />
      )}
    </>
  );
}
