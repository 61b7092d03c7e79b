import { Group, SegmentedControl, Select, Switch } from '@mantine/core';
import { SELECT, Z_INDEX } from '@saldopilot/shared';
import { useCategories } from '../../../reference-data/categories';
import type { TransactionDirection } from '../api/list-transactions';
import { transactionTexts as texts } from './transaction-texts';
import '@mantine/core/styles/Switch.css';

/** The page's own filters (docs/web.md "Transaktionen"; category and direction are ours). */
export interface TransactionFilters {
  hideDisabled: boolean;
  hideExpired: boolean;
  categoryId: number | undefined;
  direction: TransactionDirection | undefined;
}

/**
 * Disabled ones hidden, expired ones shown (docs/web.md "Transaktionen"). Not remembered: docs/product.md "Remembered preferences"
 * lists no such preference.
 */
export const defaultFilters: TransactionFilters = {
  hideDisabled: true,
  hideExpired: false,
  categoryId: undefined,
  direction: undefined,
};

/** Whether the filters narrow the list beyond what a new organisation sees by default. */
export function narrowsList(filters: TransactionFilters): boolean {
  return filters.hideExpired || filters.categoryId !== undefined || filters.direction !== undefined;
}

const directions = [
  { value: 'all', label: texts.directionAll },
  { value: 'revenue', label: texts.directionRevenue },
  { value: 'expense', label: texts.directionExpense },
];

export function TransactionFilterControls({
  filters,
  onChange,
}: {
  filters: TransactionFilters;
  onChange: (filters: TransactionFilters) => void;
}) {
  const { data: categories = [] } = useCategories();
  return (
    <Group gap="sm" align="center" wrap="wrap">
      {/* Visible labels instead of the reference's icon toggles with tooltips: clear without hovering. */}
      <Switch
        label={texts.hideDisabled}
        checked={filters.hideDisabled}
        onChange={(event) => onChange({ ...filters, hideDisabled: event.currentTarget.checked })}
      />
      <Switch
        label={texts.hideExpired}
        checked={filters.hideExpired}
        onChange={(event) => onChange({ ...filters, hideExpired: event.currentTarget.checked })}
      />
      <Select
        aria-label={texts.categoryFilter}
        placeholder={texts.allCategories}
        clearable
        searchable
        nothingFoundMessage={texts.noCategories}
        data={categories.map((category) => ({ value: String(category.id), label: category.name }))}
        value={filters.categoryId ? String(filters.categoryId) : null}
        onChange={(value) => onChange({ ...filters, categoryId: value ? Number(value) : undefined })}
        maxDropdownHeight={SELECT.dropdownMaxHeight}
        comboboxProps={{ zIndex: Z_INDEX.menu }}
        clearButtonProps={{ 'aria-label': 'Kategoriefilter entfernen' }}
        w="12rem"
      />
      <SegmentedControl
        aria-label={texts.direction}
        data={directions}
        value={filters.direction ?? 'all'}
        onChange={(value) =>
          onChange({ ...filters, direction: value === 'all' ? undefined : (value as TransactionDirection) })
        }
      />
    </Group>
  );
}
